import { Flex } from 'antd';
import { DayPicker } from '@/lib/format/day-picker.tsx';

type TDateRangeInputsProps = {
  from: string | undefined;
  to: string | undefined;
  /** Only the day that changed: the other is kept as the list last wrote it, not as rendered here. */
  onChange: (range: { from: string | undefined } | { to: string | undefined }) => void;
};

/**
 * Two day fields, "from" and "to" (both days included), in the user's date format: typed or picked
 * from a calendar, and handed on as YYYY-MM-DD.
 */
export const DateRangeInputs = ({ from, to, onChange }: TDateRangeInputsProps) => (
  <Flex gap="small" wrap align="center">
    <DayPicker
      aria-label="From day"
      prefix={<span aria-hidden>From</span>}
      value={from}
      max={to}
      style={{ width: 190 }}
      onChange={(day) => onChange({ from: day })}
    />
    <DayPicker
      aria-label="To day"
      prefix={<span aria-hidden>To</span>}
      value={to}
      min={from}
      style={{ width: 190 }}
      onChange={(day) => onChange({ to: day })}
    />
  </Flex>
);
