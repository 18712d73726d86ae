import { Flex, Input } from 'antd';

type TDateRangeInputsProps = {
  from: string | undefined;
  to: string | undefined;
  /** Only the day that changed: the other is kept as the list last wrote it, not as rendered here. */
  onChange: (range: { from: string | undefined } | { to: string | undefined }) => void;
};

/** Two native date inputs, "from" and "to" (both days included): the browser's own picker, keyboard and screen-reader friendly. */
export const DateRangeInputs = ({ from, to, onChange }: TDateRangeInputsProps) => (
  <Flex gap="small" wrap align="center">
    <Input
      type="date"
      aria-label="From day"
      prefix={<span aria-hidden>From</span>}
      value={from ?? ''}
      max={to}
      style={{ width: 190 }}
      onChange={(event) => onChange({ from: event.target.value || undefined })}
    />
    <Input
      type="date"
      aria-label="To day"
      prefix={<span aria-hidden>To</span>}
      value={to ?? ''}
      min={from}
      style={{ width: 190 }}
      onChange={(event) => onChange({ to: event.target.value || undefined })}
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
