import { Card, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { ApiError, toErrorMessage } from '@/lib/api-client.ts';

/**
 * A detail screen's card before its record shows: a skeleton while it loads, then why it is not
 * there, gone ("No such user", for the statuses that mean so) or failed, with the way back.
 */
export const RecordPlaceholder = ({
  error,
  noun,
  missingText,
  missingStatuses = [404],
  back,
}: {
  /** The load's error; none while it is still loading. */
  error: Error | null;
  noun: string;
  missingText: string;
  /** 400 too where an address that names no record is refused as malformed. */
  missingStatuses?: readonly number[];
  back: ReactNode;
}) => {
  if (!error)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  const isMissing = error instanceof ApiError && missingStatuses.includes(error.status);
  return (
    <Card>
      <Result
        status={isMissing ? '404' : 'error'}
        title={isMissing ? `No such ${noun}` : `The ${noun} could not be loaded`}
        subTitle={isMissing ? missingText : toErrorMessage(error)}
        extra={back}
      />
    </Card>
  );
};
