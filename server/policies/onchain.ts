import { isMember, type Principal } from './membership.ts';

// On-chain monitoring: every member (administrators included) reads published alerts, through the routes
// behind requireMember and live on the hub; queued and discarded alerts, the labels and the watcher's state
// are for administrators (routes behind requireAdmin).

export function canReadOnchainAlerts(principal: Pick<Principal, 'roles' | 'memberExpiryDate'>): boolean {
  return isMember(principal);
}
