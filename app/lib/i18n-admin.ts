import { admin as enAdmin } from '../locales/en/admin.ts';
import { adminUsers as enAdminUsers } from '../locales/en/admin-users.ts';
import { advisoriesAdmin as enAdvisoriesAdmin } from '../locales/en/advisories-admin.ts';
import { auditAdmin as enAuditAdmin } from '../locales/en/audit-admin.ts';
import { invitationAdmin as enInvitationAdmin } from '../locales/en/invitation-admin.ts';
import { levelsAdmin as enLevelsAdmin } from '../locales/en/levels-admin.ts';
import { marketAdmin as enMarketAdmin } from '../locales/en/market-admin.ts';
import { mediaAdmin as enMediaAdmin } from '../locales/en/media-admin.ts';
import { onchainAdmin as enOnchainAdmin } from '../locales/en/onchain-admin.ts';
import { quantAdmin as enQuantAdmin } from '../locales/en/quant-admin.ts';
import { admin as zhAdmin } from '../locales/zh/admin.ts';
import { adminUsers as zhAdminUsers } from '../locales/zh/admin-users.ts';
import { advisoriesAdmin as zhAdvisoriesAdmin } from '../locales/zh/advisories-admin.ts';
import { auditAdmin as zhAuditAdmin } from '../locales/zh/audit-admin.ts';
import { invitationAdmin as zhInvitationAdmin } from '../locales/zh/invitation-admin.ts';
import { levelsAdmin as zhLevelsAdmin } from '../locales/zh/levels-admin.ts';
import { marketAdmin as zhMarketAdmin } from '../locales/zh/market-admin.ts';
import { mediaAdmin as zhMediaAdmin } from '../locales/zh/media-admin.ts';
import { onchainAdmin as zhOnchainAdmin } from '../locales/zh/onchain-admin.ts';
import { quantAdmin as zhQuantAdmin } from '../locales/zh/quant-admin.ts';

// The back office's texts, in both languages: loaded with the admin layout (lib/i18n.ts, loadAdminTexts),
// never by the members' pages.
export const adminResources = {
  zh: {
    admin: zhAdmin,
    adminUsers: zhAdminUsers,
    advisoriesAdmin: zhAdvisoriesAdmin,
    marketAdmin: zhMarketAdmin,
    levelsAdmin: zhLevelsAdmin,
    quantAdmin: zhQuantAdmin,
    mediaAdmin: zhMediaAdmin,
    onchainAdmin: zhOnchainAdmin,
    invitationAdmin: zhInvitationAdmin,
    auditAdmin: zhAuditAdmin,
  },
  en: {
    admin: enAdmin,
    adminUsers: enAdminUsers,
    advisoriesAdmin: enAdvisoriesAdmin,
    marketAdmin: enMarketAdmin,
    levelsAdmin: enLevelsAdmin,
    quantAdmin: enQuantAdmin,
    mediaAdmin: enMediaAdmin,
    onchainAdmin: enOnchainAdmin,
    invitationAdmin: enInvitationAdmin,
    auditAdmin: enAuditAdmin,
  },
} as const;
