import { Result, type ResultProps } from 'antd';

/** The outcome of a sign-in step as antd's Result draws it (loaded on demand by auth-card.tsx). */
export function AuthOutcome(props: ResultProps) {
  return <Result {...props} />;
}
