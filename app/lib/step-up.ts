/**
 * Sensitive admin actions answer 403 with TWO_FACTOR_STEP_UP_CODE when the session's last code is older than
 * 10 minutes. The API client then asks for a code through the handler registered here (the step-up dialog
 * of the back office) and, once it is verified, sends the action again. Calls that meet the refusal together
 * share one dialog.
 */
type Handler = () => Promise<boolean>;

let handler: Handler | null = null;
let pending: Promise<boolean> | null = null;

/** Registers the dialog; returns its removal. */
export function setStepUpHandler(next: Handler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

/** Asks for a fresh code: true once it was verified, false when the person gave up (or no dialog is there). */
export function requestStepUp(): Promise<boolean> {
  if (!handler) return Promise.resolve(false);
  if (!pending) {
    pending = handler().finally(() => {
      pending = null;
    });
  }
  return pending;
}
