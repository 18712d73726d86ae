import type { TTemplateVersion } from '@cargodesk/shared';
import { Alert, Select, Skeleton, Space, Typography } from 'antd';
import { diffLines } from 'diff';
import { useMemo, useState } from 'react';
import { toErrorMessage } from '@/lib/api-client.ts';
import { useTemplateVersion } from '../api/templates.ts';
import './version-diff.css';

/** A version as lines to compare: an email's subject first, and each block of HTML on its own line. */
const comparableText = (version: TTemplateVersion) => {
  const body = version.body.replace(
    /(<\/(?:p|li|h[1-6]|ul|ol|table|thead|tbody|tr|div)>|<br\s*\/?>)(?!\n)/gi,
    '$1\n',
  );
  return `${version.subject === null ? '' : `Subject: ${version.subject}\n\n`}${body.endsWith('\n') ? body : `${body}\n`}`;
};

type TDiffLine = { id: number; kind: 'added' | 'removed' | 'same'; text: string };

/** The lines of both versions in reading order, each marked added, removed or the same. */
const diffLinesOf = (older: TTemplateVersion, newer: TTemplateVersion): TDiffLine[] => {
  let next = 0;
  return diffLines(comparableText(older), comparableText(newer)).flatMap((change) => {
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    return change.value
      .replace(/\n$/, '')
      .split('\n')
      .map((text) => {
        next += 1;
        return { id: next, kind, text };
      });
  });
};

const LineDiff = ({ older, newer }: { older: TTemplateVersion; newer: TTemplateVersion }) => {
  const lines = useMemo(() => diffLinesOf(older, newer), [older, newer]);
  if (lines.every((line) => line.kind === 'same')) {
    return <Typography.Paragraph>The two versions have the same text.</Typography.Paragraph>;
  }
  return (
    <ol
      className="version-diff"
      aria-label={`Changes from version ${older.number} to version ${newer.number}`}
    >
      {lines.map((line) => (
        <li key={line.id} className={`version-diff__line version-diff__line--${line.kind}`}>
          <span className="version-diff__mark" aria-hidden="true">
            {line.kind === 'added' ? '+' : line.kind === 'removed' ? '−' : ' '}
          </span>
          {line.kind !== 'same' && (
            <span className="visually-hidden">{line.kind === 'added' ? 'Added: ' : 'Removed: '}</span>
          )}
          <span>{line.text || ' '}</span>
        </li>
      ))}
    </ol>
  );
};

/** Two versions of a template side by side as a list of changed lines, the older one first. */
export const VersionDiff = ({ templateId, latestNumber }: { templateId: string; latestNumber: number }) => {
  const [fromNumber, setFromNumber] = useState(Math.max(latestNumber - 1, 1));
  const [toNumber, setToNumber] = useState(latestNumber);
  const from = useTemplateVersion(templateId, fromNumber);
  const to = useTemplateVersion(templateId, toNumber);
  const options = Array.from({ length: latestNumber }, (_, index) => latestNumber - index).map((number) => ({
    value: number,
    label: `Version ${number}`,
  }));
  const error = from.error ?? to.error;
  return (
    <>
      <Space wrap>
        <Select
          aria-label="Compare from"
          value={fromNumber}
          onChange={setFromNumber}
          options={options}
          style={{ width: 140 }}
        />
        <span>with</span>
        <Select
          aria-label="Compare with"
          value={toNumber}
          onChange={setToNumber}
          options={options}
          style={{ width: 140 }}
        />
      </Space>
      {error ? <Alert type="error" showIcon title={toErrorMessage(error)} /> : null}
      {(from.isPending || to.isPending) && !error && <Skeleton active paragraph={{ rows: 4 }} />}
      {from.data && to.data && <LineDiff older={from.data} newer={to.data} />}
    </>
  );
};
