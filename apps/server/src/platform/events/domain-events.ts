import type { TIssueStatus } from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/client.ts';

/**
 * What happened, told by the module where it happened. Other modules subscribe instead of being
 * called: the iam service does not know that admins hear about invitations, the outbox does not
 * know who is told about a failed mail. Events carry facts, never texts.
 */
export type TDomainEvent =
  | {
      type: 'user-invited';
      companyId: string;
      companyName: string;
      invitedBy: { userId: string; name: string };
      user: { id: string; name: string; email: string };
    }
  | { type: 'user-joined'; companyId: string; user: { id: string; name: string; email: string } }
  /** A company was just set up (registration, the demo seed): modules add what it starts with. */
  | { type: 'company-created'; companyId: string }
  | {
      type: 'user-roles-changed';
      companyId: string;
      changedBy: { userId: string; name: string };
      userId: string;
      roleNames: string[];
    }
  | { type: 'user-signed-in'; companyId: string; userId: string; planExpiresAt: Date }
  | { type: 'mail-failed'; companyId: string; senderUserId: string; subject: string; reason: string }
  /** A composer mail was queued that was written from these template versions. */
  | { type: 'mail-composed'; companyId: string; mailId: string; templateVersionIds: string[] }
  | {
      type: 'files-shared';
      companyId: string;
      sharedBy: { userId: string; name: string };
      recipientEmails: string[];
      subject: string;
      fileNames: string[];
    }
  /**
   * A shipment event was recorded or retracted (services/freight/events), in DCSA Track & Trace's
   * shape when it has one (sea): webhooks queue it for the company's endpoints in the same transaction.
   */
  | {
      type: 'shipment-event-recorded';
      companyId: string;
      eventId: string;
      shipmentId: string;
      dcsaEvent: (Record<string, unknown> & { eventType: 'TRANSPORT' | 'EQUIPMENT' | 'SHIPMENT' }) | null;
    }
  /** A tracker issue was reported, or its status, assignee or comments changed (services/issuetracker). */
  | {
      type: 'tracker-issue-changed';
      companyId: string;
      issue: { id: string; title: string; reporterId: string | null; assigneeId: string | null };
      /** A colleague, or Cargodesk support (a platform admin, who is no user of the company). */
      actor: { userId: string | null; name: string; isSupport: boolean };
      change:
        | { kind: 'reported' }
        | { kind: 'status'; from: TIssueStatus; to: TIssueStatus }
        | { kind: 'assigned'; assigneeName: string | null }
        | { kind: 'commented'; comment: string };
    };

export type TDomainEventType = TDomainEvent['type'];
type TEventOf<K extends TDomainEventType> = Extract<TDomainEvent, { type: K }>;
type THandler<K extends TDomainEventType> = (tx: Queryable, event: TEventOf<K>) => Promise<void>;

export type TDomainEvents = {
  /**
   * Tells every subscriber, inside `tx`: what they write commits or rolls back with the change
   * that caused it. Pass the transaction that makes the change.
   */
  emit: (tx: Queryable, event: TDomainEvent) => Promise<void>;
  on: <K extends TDomainEventType>(type: K, handler: THandler<K>) => void;
};

export const createDomainEvents = (): TDomainEvents => {
  const handlers = new Map<TDomainEventType, THandler<TDomainEventType>[]>();
  return {
    emit: async (tx, event) => {
      // One after another: they share the transaction's connection.
      for (const handler of handlers.get(event.type) ?? []) await handler(tx, event as never);
    },
    on: (type, handler) => {
      handlers.set(type, [...(handlers.get(type) ?? []), handler as unknown as THandler<TDomainEventType>]);
    },
  };
};

declare module 'fastify' {
  interface FastifyInstance {
    domainEvents: TDomainEvents;
  }
}

export const registerDomainEvents = (app: FastifyInstance) => {
  app.decorate('domainEvents', createDomainEvents());
};
