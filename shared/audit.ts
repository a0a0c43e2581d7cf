// The audit log's vocabulary: every action the server records (server/services/audit.ts takes only these)
// and the kinds of thing an entry acts on. The back office's audit screen offers them as filters and shows
// each with a label in the reader's language; a name it has no label for (an older row) is shown as is.

export const AUDIT_ACTIONS = [
  // Sign-in and registration.
  'login',
  'login.failed',
  'login.lockout',
  'login.locked',
  'login.twoFactorFailed',
  'login.recoveryCode',
  'register',
  'register.existing',
  'email.confirmed',
  'email.change.requested',
  'email.changed',
  'password.forgot',
  'password.forgot.unknown',
  'password.reset',
  'password.changed',
  'password.change.refused',
  'sessions.ended',
  'admin.bootstrap',
  // Two-factor sign-in.
  'twoFactor.enabled',
  'twoFactor.disabled',
  'twoFactor.recoveryCodesReplaced',
  'twoFactor.stepUp',
  'twoFactor.stepUpFailed',
  'twoFactor.reset',
  'twoFactor.provisioned',
  // Members' own changes.
  'articles.add',
  'articles.update',
  'articles.approve',
  'articles.reject',
  'articles.delete',
  'subscriptions.add',
  'subscriptions.remove',
  'invitation.reward',
  // Users and role tags.
  'admin.users.assign',
  'admin.users.batch',
  'admin.roles.add',
  'admin.roles.delete',
  'admin.credit.adjust',
  // Traders and their strategies.
  'admin.traders.add',
  'admin.traders.update',
  'admin.traders.activate',
  'admin.traders.deactivate',
  'admin.traders.permissions',
  'admin.advisories.add',
  'admin.advisories.update',
  'admin.advisories.delete',
  // Content.
  'admin.categories.add',
  'admin.categories.edit',
  'admin.categories.delete',
  'admin.market.add',
  'admin.market.delete',
  'admin.levels.add',
  'admin.levels.update',
  'admin.levels.delete',
  'admin.quant.add',
  'admin.quant.update',
  'admin.quant.delete',
  'admin.media.addSource',
  'admin.media.updateSource',
  'admin.media.deleteSource',
  'admin.media.enableSource',
  'admin.media.disableSource',
  'admin.media.readSourceNow',
  'admin.media.importSources',
  'admin.media.hideItem',
  'admin.media.unhideItem',
  'admin.media.pinItem',
  'admin.media.unpinItem',
  'admin.media.addKeywordRule',
  'admin.media.updateKeywordRule',
  'admin.media.deleteKeywordRule',
  'admin.onchain.addAlert',
  'admin.onchain.updateAlert',
  'admin.onchain.deleteAlert',
  'admin.onchain.publishAlert',
  'admin.onchain.discardAlert',
  'admin.onchain.addLabel',
  'admin.onchain.updateLabel',
  'admin.onchain.deleteLabel',
  // Operation.
  'admin.messages.add',
  'admin.messages.update',
  'admin.messages.roll',
  'admin.messages.pop',
  'admin.messages.delete',
  'admin.invitation.settings',
  'admin.invitation.reverse',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The actions of one group (`admin.media.`): what a recording helper of that area may pass. */
export type AuditActionIn<Prefix extends string> = AuditAction extends infer A
  ? A extends `${Prefix}${infer Rest}`
    ? Rest
    : never
  : never;

export const AUDIT_TARGET_TYPES = [
  'user',
  'users',
  'role',
  'article',
  'category',
  'trader',
  'advisory',
  'system-message',
  'marketSymbol',
  'levelSet',
  'quantStrategy',
  'mediaSource',
  'mediaItem',
  'mediaKeywordRule',
  'onchainAlert',
  'onchainLabel',
  'invitation-settings',
  'invitation-reward',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];
