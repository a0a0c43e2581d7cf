import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '#shared/realtime.ts';
import type { Principal } from '../policies/membership.ts';

// What the hub's parts share: its socket types and the rooms a connection joins.

type SocketData = { principal: Principal; token: string };
export type HubServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type HubSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
/** Whom a delivery is for: everyone entitled (live), or one socket being brought up to date (replay). */
export type Target = { kind: 'everyone' } | { kind: 'socket'; socket: HubSocket };

/** A person's connections, on every process. */
export const userRoom = (userId: string) => `user:${userId}`;
/** Everyone signed in. */
export const SIGNED_IN = 'signed-in';
/** Administrators: their strategy list shows every strategy's counts live. */
export const ADMINS = 'admins';
/** Members (admins included): what every member may see, such as level sets open to all. */
export const MEMBERS = 'members';
export const ROLE_ROOM = 'role:';
/** Members holding a role (by name), for what the role admits. */
export const roleRoom = (role: string) => `${ROLE_ROOM}${role}`;
export const KEY_ROOM = 'key:';
/** Sockets of the members who receive a trader key's strategies (see Connections.goLive). */
export const keyRoom = (keyId: number) => `${KEY_ROOM}${keyId}`;

/** The `eventId` of an encoded socket.io event packet (`2["Name",{…,"eventId":N}]`), if it has one. */
export function hubEventIdOf(data: string): number | undefined {
  if (!data.includes('"eventId"')) return undefined;
  try {
    const decoded = JSON.parse(data.slice(data.indexOf('['))) as [string, { eventId?: unknown }];
    const id = decoded[1]?.eventId;
    return typeof id === 'number' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** This process's sockets (of one person, when given). */
export function localSockets(io: HubServer, userId?: string): HubSocket[] {
  const all = [...io.sockets.sockets.values()] as HubSocket[];
  return userId ? all.filter((s) => s.data.principal?.userId === userId) : all;
}
