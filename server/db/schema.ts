import type { Generated } from 'kysely';

// Timestamps are epoch milliseconds (bigint in PostgreSQL, integer in SQLite) so that every query,
// comparison and date arithmetic is the same on both databases. Flags are 0/1 integers for the same reason.

export type UsersTable = {
  id: string;
  email: string;
  /** Lower-cased e-mail: the unique login key. */
  email_normalized: string;
  user_name: string;
  nick_name: string | null;
  password_hash: string | null;
  email_confirmed_at: number | null;
  member_expiry_date: number | null;
  member_credit: Generated<number>;
  points: Generated<number>;
  pic: string | null;
  gender: string | null;
  phone: string | null;
  locale: string | null;
  /** Changes whenever credentials change, invalidating sessions issued before. */
  security_stamp: string;
  /** A new address waiting for its confirmation link. */
  pending_email: string | null;
  /** Who invited the account: set when it is created, never changed. */
  invited_by: string | null;
  /** When two-factor sign-in was turned on (null: off). */
  two_factor_enabled_at: number | null;
  created_at: number;
  updated_at: number;
};

export type RolesTable = {
  id: Generated<number>;
  name: string;
  name_normalized: string;
  built_in: number;
  created_at: number;
};

export type UserRolesTable = {
  user_id: string;
  role_id: number;
  created_at: number;
};

export type AuditLogTable = {
  id: Generated<number>;
  at: number;
  actor_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  /** The browser's user agent (cut at 512 characters); null for rows written before it was recorded. */
  user_agent: string | null;
  /** JSON text with whatever the action needs to be understood later; never secrets. */
  detail: string | null;
};

export type OidcPayloadsTable = {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  account_id: string | null;
  user_agent: string | null;
  ip: string | null;
  expires_at: number | null;
  consumed_at: number | null;
};

export type AppKeysTable = { name: string; material: string; created_at: number };

export type CaptchasTable = { id: string; answer_hash: string; expires_at: number };

/** Failed sign-ins per account and client (an address, an IPv6 /64, or `*`: the account-wide count). */
export type LoginThrottleTable = {
  email_normalized: string;
  client: string;
  failed_count: number;
  lockout_end: number | null;
  updated_at: number;
};

export type UserTokensTable = {
  id: Generated<number>;
  user_id: string;
  purpose: 'confirm_email' | 'reset_password' | 'change_email';
  token_hash: string;
  new_email: string | null;
  expires_at: number;
  used_at: number | null;
  created_at: number;
};

export type MailOutboxTable = {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: number;
  sent_at: number | null;
  error: string | null;
  attempts: number;
  next_attempt_at: number;
  claimed_until: number | null;
  failed_at: number | null;
};

export type ArticleClassificationsTable = {
  id: Generated<number>;
  label: string;
  show: number;
  sort: number;
  parent_id: number | null;
  pids: string;
  created_at: number;
};

export type ArticlesTable = {
  id: Generated<number>;
  head_line: string;
  description: string;
  classification_id: number;
  text: string;
  picture: string;
  author_id: string;
  status: number;
  content_approval: string | null;
  reviewer_id: string | null;
  like_total: Generated<number>;
  view_total: Generated<number>;
  comment_total: Generated<number>;
  collect_count: Generated<number>;
  create_time: number;
  update_time: number;
};

export type ArticleReactionTable = { article_id: number; user_id: string; created_at: number };
export type ArticleViewsTable = { article_id: number; viewer: string; day: number };
export type ArticleCommentsTable = {
  id: Generated<number>;
  article_id: number;
  user_id: string;
  content: string;
  created_at: number;
};

export type TraderKeysTable = {
  id: Generated<number>;
  key_name: string;
  key_value_enc: string;
  secret_value_enc: string;
  key_hint: string;
  co_efficient: number;
  leverage_coefficient: number;
  is_active: number;
  created_at: number;
  updated_at: number;
};
export type TraderKeyRolesTable = { key_id: number; role_id: number };
/** A key's restrictions as last read, or the state that kept them from being read (trader-sync). */
export type TraderKeyChecksTable = {
  key_id: number;
  state: string;
  can_read: number | null;
  can_trade: number | null;
  can_withdraw: number | null;
  ip_restricted: number | null;
  checked_at: number;
  last_error: string | null;
  last_error_at: number | null;
};
/** Who follows a key (a lease) and how that goes. */
export type TraderKeySyncTable = {
  key_id: number;
  holder: string | null;
  lease_until: Generated<number>;
  state: Generated<string>;
  last_error: string | null;
  last_error_at: number | null;
  reconciled_at: number | null;
  /** History read up to here (fills, income): the next start backfills from it. */
  fills_until: number | null;
  income_until: number | null;
  /** Numbers the key's stored live changes (TraderLiveChanged `seq`); bumped with each of them. */
  live_seq: Generated<number>;
  /** Checks asked for (counted up by any process) and answered (set by the process that follows the key). */
  check_requests: Generated<number>;
  checks_answered: Generated<number>;
};
/** The fill after which a symbol of a key last held no position (positions are rebuilt from there). */
export type TraderFlatMarksTable = {
  key_id: number;
  symbol: string;
  time: number;
  trade_id: string;
};
/** A symbol of the market desk's allow-list, as the exchange described it when it was added. */
export type MarketSymbolsTable = {
  symbol: string;
  base_asset: string;
  quote_asset: string;
  price_precision: number;
  quantity_precision: number;
  tick_size: number | null;
  added_at: number;
  added_by: string | null;
};
/** A published set of support and resistance levels (/pressure); targets are a JSON array of prices. */
export type LevelSetsTable = {
  id: Generated<number>;
  symbol: string;
  timeframe: string;
  bias: string;
  invalidation_price: number | null;
  targets: string;
  notes: string;
  expires_at: number | null;
  created_by: string | null;
  published_at: number;
  updated_at: number;
};
export type LevelSetRolesTable = { set_id: number; role_id: number };
/** `kind`: support or resistance; `strength` 1 to 5, or none. */
export type LevelsTable = {
  id: Generated<number>;
  set_id: number;
  kind: string;
  price: number;
  reason: string;
  strength: number | null;
  sort: number;
};
export type LevelWatchesTable = { set_id: number; user_id: string; created_at: number };
/** Where the live price last stood against a watched level: `side` above or below. */
export type LevelMarksTable = { level_id: number; side: string; price: number; at: number };
/** A quantitative strategy; ratios as fractions, null where not given; `parameters` is JSON [{ key, value }]. */
export type QuantStrategiesTable = {
  id: Generated<number>;
  name: string;
  type: string;
  market: string;
  timeframe: string;
  risk_level: string;
  status: string;
  description: string;
  parameters: string;
  trader_key_id: number | null;
  /** 'manual' or 'freqtrade'. */
  results_source: string;
  total_return: number | null;
  annualized_return: number | null;
  max_drawdown: number | null;
  sharpe: number | null;
  sortino: number | null;
  calmar: number | null;
  win_rate: number | null;
  profit_factor: number | null;
  trades: number | null;
  /** UTC midnight of the test period's first and last days. */
  period_start: number | null;
  period_end: number | null;
  starting_balance: number | null;
  final_balance: number | null;
  currency: string | null;
  /** 'profit' or 'equity' (the meaning of quant_strategy_days.value); null: no daily series. */
  daily_kind: string | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
};
/** Role tags that may see a quantitative strategy (none: every member). */
export type QuantStrategyRolesTable = { strategy_id: number; role_id: number };
export type QuantStrategySymbolsTable = { strategy_id: number; position: number; symbol: string };
/** One day of a strategy's daily series: `day` is the UTC midnight; `value` profit or equity (daily_kind). */
export type QuantStrategyDaysTable = { strategy_id: number; day: number; value: number };
/**
 * A feed media monitoring reads (RSS, Atom or JSON Feed), with its poller's state: validators for conditional
 * requests, the last read and error, consecutive errors (the backoff), when it is due, and the lease of the
 * process reading it. `kind`: news, kol, exchange or other; `language`: zh, en or other (shared/media.ts).
 */
export type MediaSourcesTable = {
  id: Generated<number>;
  url: string;
  title: string;
  kind: string;
  language: string;
  poll_interval_seconds: number;
  enabled: Generated<number>;
  etag: string | null;
  last_modified: string | null;
  /** The last good read (200 or 304); a failed one sets last_error and last_error_at instead. */
  last_fetched_at: number | null;
  last_new_item_at: number | null;
  /** Why the last read failed, in a few words; cleared by the next good read. */
  last_error: string | null;
  last_error_at: number | null;
  error_count: Generated<number>;
  next_poll_at: Generated<number>;
  lease_owner: string | null;
  lease_until: number | null;
  items_count: Generated<number>;
  created_by: string | null;
  created_at: number;
  updated_at: number;
};
/** An item read from a source, once per source and dedup key (a hash of its guid, else its link). */
export type MediaItemsTable = {
  id: Generated<number>;
  source_id: number;
  dedup_key: string;
  guid: string | null;
  link: string | null;
  title: string;
  summary_text: string | null;
  /** Already cleaned by the articles' sanitizer. */
  summary_html: string | null;
  published_at: number;
  fetched_at: number;
  language: string;
  important: Generated<number>;
  hidden: Generated<number>;
  pinned: Generated<number>;
};
/** A keyword or phrase (matched case-insensitively as a substring) that tags the items containing it. */
export type MediaKeywordRulesTable = {
  id: Generated<number>;
  keyword: string;
  tag: string;
  important: Generated<number>;
  created_at: number;
};
/** A tag an item got, with the keyword that gave it. */
export type MediaItemTagsTable = { item_id: number; tag: string; keyword: string };
/**
 * An on-chain alert: a transfer an admin wrote up (`source` manual) or the watcher found (watcher; one per
 * chain, tx_hash and log_index). `amount` is decimal text (exact); addresses and hashes lower case; values
 * of shared/onchain.ts for chain, direction, importance, status (queued, published, discarded) and source.
 * `published_at` is set exactly when the status is published.
 */
export type OnchainAlertsTable = {
  id: Generated<number>;
  chain: string;
  asset: string;
  token_address: string | null;
  amount: string;
  usd_value: number | null;
  from_address: string;
  to_address: string;
  direction: string;
  tx_hash: string;
  log_index: number | null;
  block_number: number | null;
  /** The block's hash when the watcher read it (null for alerts written by hand). */
  block_hash: string | null;
  occurred_at: number;
  importance: Generated<string>;
  comment: Generated<string>;
  status: string;
  source: string;
  published_at: number | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
};
/** Who owns an address (lower case, the same on every chain): kind exchange, fund, project or other. */
export type OnchainAddressLabelsTable = {
  id: Generated<number>;
  address: string;
  name: string;
  kind: string;
  created_at: number;
  updated_at: number;
};
/**
 * The watcher's progress on a chain: every block up to `last_processed_block` is read (`last_block_hash` is
 * that block's hash as read), the head last seen, the latest error (kept; `error_count` counts failed runs in
 * a row), when the same blocks are tried again while backing off, and the lease of the process following it.
 */
export type OnchainWatcherStateTable = {
  chain: string;
  last_processed_block: number | null;
  last_block_hash: string | null;
  head_block: number | null;
  last_error: string | null;
  last_error_at: number | null;
  error_count: Generated<number>;
  retry_at: number | null;
  last_run_at: number | null;
  lease_owner: string | null;
  lease_until: number | null;
};
/** Side and position side as the spec's codes (shared/trading.ts). */
export type TraderPositionsTable = {
  key_id: number;
  symbol: string;
  position_side: number;
  /** Positive long, negative short (one-way mode), or the side's size (hedge mode). */
  size: number;
  entry_price: number;
  mark_price: number;
  unrealized_pnl: number;
  leverage: number;
  margin_mode: string;
  liquidation_price: number | null;
  margin: number | null;
  opened_at: number | null;
  updated_at: number;
};
export type TraderOrdersTable = {
  key_id: number;
  order_id: string;
  symbol: string;
  /** 1: a conditional (algo) order. */
  algo: Generated<number>;
  type: number;
  status: number;
  side: number;
  position_side: number;
  price: number | null;
  trigger_price: number | null;
  quantity: number;
  filled: Generated<number>;
  reduce_only: Generated<number>;
  created_at: number;
  updated_at: number;
};
export type TraderFillsTable = {
  key_id: number;
  symbol: string;
  trade_id: string;
  order_id: string;
  side: number;
  position_side: number;
  price: number;
  quantity: number;
  realized_pnl: number;
  commission: number;
  commission_asset: string;
  maker: Generated<number>;
  time: number;
};
export type TraderIncomeTable = {
  key_id: number;
  tran_id: string;
  income_type: string;
  symbol: string | null;
  amount: number;
  asset: string;
  time: number;
};
export type TraderEquityTable = { key_id: number; at: number; equity: number; unrealized_pnl: number };
export type SubscriptionsTable = { user_id: string; key_id: number; created_at: number };
export type AdvisoriesTable = {
  id: Generated<number>;
  title: string;
  advisory_desc: string;
  content: string;
  created_by: string | null;
  created_at: number;
  updated_at: number;
};
export type AdvisoryKeysTable = { advisory_id: number; key_id: number };
export type AdvisoryReactionsTable = {
  advisory_id: number;
  user_id: string;
  kind: number;
  /** When the current kind was chosen (a change of kind moves it; the same choice again does not). */
  created_at: number;
};
/** One sign-in (newest 50 per person kept): `method` password, twoFactor or silent; `region` JSON of names per language. */
export type SignInsTable = {
  id: Generated<number>;
  user_id: string;
  at: number;
  ip: string | null;
  region: string | null;
  method: string;
};
/** A person's authenticator secret (encrypted), being set up (`confirmed_at` null) or in use. */
export type UserTwoFactorTable = {
  user_id: string;
  secret_enc: string;
  confirmed_at: number | null;
  /** The last time step a code was accepted for: a code is good once. */
  last_step: number | null;
  created_at: number;
};
/** Ten single-use recovery codes per person, as keyed hashes. */
export type UserRecoveryCodesTable = {
  user_id: string;
  code_hash: string;
  used_at: number | null;
  created_at: number;
};
/** When a code was last typed in a provider session (sensitive admin actions want it within 10 minutes). */
export type SessionTwoFactorTable = {
  session_uid: string;
  user_id: string;
  verified_at: number;
};
export type SystemMessagesTable = {
  id: Generated<number>;
  title: string;
  content: string;
  published_user_name: string | null;
  published_at: number;
  is_roll: number;
  is_pop: number;
};
export type SystemMessageDismissalsTable = { message_id: number; user_id: string; dismissed_at: number };
/** One invite code per person (issue 17). */
export type InviteCodesTable = { code: string; user_id: string; created_at: number };

/** The one row (id 1) of the invitation reward admins configure. */
export type InvitationSettingsTable = {
  id: number;
  credit_enabled: number;
  credit_amount: number;
  days_enabled: number;
  days_amount: number;
  updated_at: number | null;
  updated_by: string | null;
};

/** One per invitee (unique), from the grant that first made them a member. */
export type InvitationRewardsTable = {
  id: Generated<number>;
  inviter_id: string;
  invitee_id: string;
  credit: number;
  days: number;
  /** The inviter's expiry before and after the reward's days (null without days). */
  expiry_before: number | null;
  expiry_after: number | null;
  granted_at: number;
  granted_by: string | null;
  reversed_at: number | null;
  reversed_by: string | null;
  reverse_reason: string | null;
};

/** Every change of users.member_credit, with the balance after it. */
export type CreditLedgerTable = {
  id: Generated<number>;
  user_id: string;
  amount: number;
  balance: number;
  kind: string;
  reason: string | null;
  ref_type: string | null;
  ref_id: string | null;
  actor_id: string | null;
  created_at: number;
};

export type HubEventsTable = {
  id: Generated<number>;
  name: string;
  payload: string;
  created_at: number;
  published_at: number | null;
  /** When a process took it to fan it out (a lease: an old claim of an unpublished event is taken over). */
  claimed_at: number | null;
};

/**
 * Membership expiry reminders (thresholds 7 and 1 days: a mail and an in-app notice) and the in-app notice
 * of an ended membership (threshold 0, recorded when closed); once per user, expiry date and threshold.
 */
export type MembershipRemindersTable = {
  id: Generated<number>;
  user_id: string;
  threshold_days: number;
  expiry_date: number;
  created_at: number;
  locale: string | null;
  mail_id: number | null;
  mail_sent_at: number | null;
  mail_failed_at: number | null;
  dismissed_at: number | null;
};

export type DB = {
  trader_keys: TraderKeysTable;
  trader_key_roles: TraderKeyRolesTable;
  trader_key_checks: TraderKeyChecksTable;
  trader_key_sync: TraderKeySyncTable;
  trader_positions: TraderPositionsTable;
  trader_flat_marks: TraderFlatMarksTable;
  market_symbols: MarketSymbolsTable;
  quant_strategies: QuantStrategiesTable;
  quant_strategy_roles: QuantStrategyRolesTable;
  quant_strategy_symbols: QuantStrategySymbolsTable;
  quant_strategy_days: QuantStrategyDaysTable;
  media_sources: MediaSourcesTable;
  media_items: MediaItemsTable;
  media_keyword_rules: MediaKeywordRulesTable;
  media_item_tags: MediaItemTagsTable;
  onchain_alerts: OnchainAlertsTable;
  onchain_address_labels: OnchainAddressLabelsTable;
  onchain_watcher_state: OnchainWatcherStateTable;
  level_sets: LevelSetsTable;
  level_set_roles: LevelSetRolesTable;
  levels: LevelsTable;
  level_watches: LevelWatchesTable;
  level_marks: LevelMarksTable;
  trader_orders: TraderOrdersTable;
  trader_fills: TraderFillsTable;
  trader_income: TraderIncomeTable;
  trader_equity: TraderEquityTable;
  subscriptions: SubscriptionsTable;
  advisories: AdvisoriesTable;
  advisory_keys: AdvisoryKeysTable;
  advisory_reactions: AdvisoryReactionsTable;
  system_messages: SystemMessagesTable;
  system_message_dismissals: SystemMessageDismissalsTable;
  hub_events: HubEventsTable;
  invite_codes: InviteCodesTable;
  invitation_settings: InvitationSettingsTable;
  invitation_rewards: InvitationRewardsTable;
  credit_ledger: CreditLedgerTable;
  article_classifications: ArticleClassificationsTable;
  articles: ArticlesTable;
  article_likes: ArticleReactionTable;
  article_collections: ArticleReactionTable;
  article_views: ArticleViewsTable;
  article_comments: ArticleCommentsTable;
  users: UsersTable;
  roles: RolesTable;
  user_roles: UserRolesTable;
  audit_log: AuditLogTable;
  oidc_payloads: OidcPayloadsTable;
  app_keys: AppKeysTable;
  captchas: CaptchasTable;
  login_throttle: LoginThrottleTable;
  user_tokens: UserTokensTable;
  mail_outbox: MailOutboxTable;
  sign_ins: SignInsTable;
  user_two_factor: UserTwoFactorTable;
  user_recovery_codes: UserRecoveryCodesTable;
  session_two_factor: SessionTwoFactorTable;
  membership_reminders: MembershipRemindersTable;
};
