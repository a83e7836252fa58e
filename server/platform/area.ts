/**
 * What an area of the sandbox (server/<area>/index.ts) brings to it: the operations it answers,
 * keyed by the contract's operationId, and the tables it keeps. server/handlers.ts lists the
 * areas; the app answers every area's operations and applies every area's migrations.
 */
import type { HandlerTable } from './handler';
import type { Migration } from './migrations';

export interface SandboxArea {
  name: string;
  handlers: HandlerTable;
  /**
   * The area's own tables, applied after the platform's steps (server/platform/migrations.ts).
   * Append-only like those: a released step is never edited. Each name is unique in the sandbox;
   * start it with the area's name.
   */
  migrations?: readonly Migration[];
}
