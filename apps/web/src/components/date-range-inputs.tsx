import { Flex } from 'antd';
import { DayPicker } from '@/lib/format/day-picker.tsx';

type TDateRangeInputsProps = {
  /** What the days bound, when a screen has several ranges ("Departure"): it names the two fields. */
  label?: string;
  from: string | undefined;
  to: string | undefined;
  /** Only the day that changed: the other is kept as the list last wrote it, not as rendered here. */
  onChange: (range: { from: string | undefined } | { to: string | undefined }) => void;
};

/**
 * Two day fields, "from" and "to" (both days included), in the user's date format: typed or picked
 * from a calendar, and handed on as YYYY-MM-DD.
 */
export const DateRangeInputs = ({ label, from, to, onChange }: TDateRangeInputsProps) => (
  <Flex gap="small" wrap align="center">
    <DayPicker
      aria-label={label ? `${label} from day` : 'From day'}
      prefix={<span aria-hidden>{label ? `${label} from` : 'From'}</span>}
      value={from}
      max={to}
      style={{ width: label ? 230 : 190 }}
      onChange={(day) => onChange({ from: day })}
    />
    <DayPicker
      aria-label={label ? `${label} to day` : 'To day'}
      prefix={<span aria-hidden>{label ? `${label} to` : 'To'}</span>}
      value={to}
      min={from}
      style={{ width: label ? 230 : 190 }}
      onChange={(day) => onChange({ to: day })}
    />
  </Flex>
);
