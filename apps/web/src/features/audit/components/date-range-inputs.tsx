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

/** The first instant of a YYYY-MM-DD day in the reader's time zone, as the API's ISO time. */
export const startOfDay = (day: string) => new Date(`${day}T00:00:00`).toISOString();

/** The last millisecond of a YYYY-MM-DD day in the reader's time zone (a day of 23 or 25 hours too). */
export const endOfDay = (day: string) => {
  const nextDay = new Date(`${day}T00:00:00`);
  nextDay.setDate(nextDay.getDate() + 1);
  return new Date(nextDay.getTime() - 1).toISOString();
};
