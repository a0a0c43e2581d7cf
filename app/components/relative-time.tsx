import { Tooltip } from 'antd';
import relativeTime from 'dayjs/plugin/relativeTime.js';
import { useEffect, useState } from 'react';
import { dayjs } from '../lib/dayjs.ts';

dayjs.extend(relativeTime);

const TICK_MS = 60_000;

/** The current time, renewed every minute, so that "5 minutes ago" stays true while the page is open. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

export const exactTime = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');

/** A time as "3 minutes ago" (in the interface language), the exact time on hover. */
export function RelativeTime({ iso, testId }: { iso: string; testId?: string }) {
  const now = useNow();
  return (
    <Tooltip title={exactTime(iso)}>
      <time dateTime={iso} style={{ whiteSpace: 'nowrap' }} data-testid={testId}>
        {dayjs(iso).from(now)}
      </time>
    </Tooltip>
  );
}
