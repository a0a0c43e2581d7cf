import { AuthorizeRoute } from '../../components/authorize-route.tsx';
import { MembersOnly } from '../../components/members-only.tsx';
import { TradingPage } from './trading-page.tsx';

/** The members-only trading section behind `/?type=1|2|3`: signed-in members only (spec §2). */
export function TradingSection() {
  return (
    <AuthorizeRoute>
      <MembersOnly>
        <TradingPage />
      </MembersOnly>
    </AuthorizeRoute>
  );
}
