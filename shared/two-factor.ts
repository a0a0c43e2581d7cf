// Two-factor sign-in's constants that the web app's API client needs without loading the schemas (zod).

/** The `code` of the 403 an administrator without two-factor sign-in gets from the back office's API. */
export const TWO_FACTOR_SETUP_REQUIRED_CODE = 'twoFactorSetupRequired';
/** The `code` of the 403 a sensitive admin action answers when the session's last code is too old. */
export const TWO_FACTOR_STEP_UP_CODE = 'twoFactorStepUpRequired';
/** How recent the session's last code must be for a sensitive admin action. */
export const STEP_UP_MAX_AGE_MINUTES = 10;
