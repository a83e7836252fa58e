/**
 * What an area of the sandbox (server/<area>/index.ts) brings to it: the operations it answers,
 * keyed by the contract's operationId, and the tables it keeps. server/handlers.ts lists the
 * areas; the app answers every area's operations and applies every area's migrations.
 */
import type { Locale } from '../../src/domain/constants';
import type { Db } from './db';
import type { HandlerTable } from './handler';
import type { Migration } from './migrations';

/**
 * Whether the authenticated caller may call an area's operations at all: throws the refusal
 * (an ApiError, 403) when not. Run right after authentication, before the request is read.
 */
export type Admission = (caller: { db: Db; userId: number | undefined; locale: Locale }) => void;

export interface SandboxArea {
  name: string;
  handlers: HandlerTable;
  /**
   * The area's own tables, applied after the platform's steps (server/platform/migrations.ts).
   * Append-only like those: a released step is never edited. Each name is unique in the sandbox;
   * start it with the area's name.
   */
  migrations?: readonly Migration[];
  /**
   * Who may call the area's operations (the agency's are for agencies): a caller it refuses gets
   * that refusal whatever the request holds, not a 400 about a body it may not send at all.
   */
  admit?: Admission;
}
