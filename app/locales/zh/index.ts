import { advisories } from './advisories.ts';
import { auth } from './auth.ts';
import { common } from './common.ts';
import { home } from './home.ts';
import { invitation } from './invitation.ts';
import { live } from './live.ts';
import { media } from './media.ts';
import { onchain } from './onchain.ts';
import { personal } from './personal.ts';
import { pressure } from './pressure.ts';
import { quant } from './quant.ts';
import { teach } from './teach.ts';
import { tools } from './tools.ts';
import { trading } from './trading.ts';

// The members' texts in this language, loaded as one chunk when the language is first used (lib/i18n.ts):
// a page carries one language's texts, not both. The back office's are in lib/i18n-admin.ts.
export const texts = {
  common,
  live,
  home,
  personal,
  advisories,
  auth,
  teach,
  trading,
  tools,
  pressure,
  quant,
  media,
  onchain,
  invitation,
};
