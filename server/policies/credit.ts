// Member credit (issue 17): a balance never goes below 0 by a change, unless an admin confirmed that one.

/** Whether a change must leave the balance at 0 or more (a decrease the admin did not confirm). */
export function mustStayAtOrAboveZero(change: { amount: number; allowNegative: boolean }): boolean {
  return change.amount < 0 && !change.allowNegative;
}
