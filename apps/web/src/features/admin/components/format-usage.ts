import { formatNumber } from '@/lib/format/format-store.ts';

const byteUnits = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size as people read it: "0 bytes", "12.4 KB", "3.1 GB" (1 KB = 1,024 bytes). */
export const formatBytes = (bytes: number) => {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < byteUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 ? formatNumber(value) : formatNumber(value, { maximumFractionDigits: 1 });
  return `${shown} ${byteUnits[unit]}`;
};
