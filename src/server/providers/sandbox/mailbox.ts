import type Database from 'better-sqlite3';

// The sandbox's mailbox (README.md, Demo accounts (sandbox)): without SMTP_URL the sandbox keeps the
// mail it would have sent, in its own database; GET /sandbox/mail lists it newest first and
// GET /sandbox/mail/<id> shows one as a mail client would.

/** One mail as it would have been sent. */
export interface KeptMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** ISO 8601 UTC. */
  sentAt: string;
}

/** A kept mail with its place in the mailbox, which its page's address names. */
export interface MailboxEntry extends KeptMail {
  id: number;
}

export interface SandboxMailbox {
  keep(mail: KeptMail): void;
  /** The newest `limit` mails, newest first. */
  list(limit: number): MailboxEntry[];
  /** One mail by its id, or null. */
  find(id: number): MailboxEntry | null;
}

export function createSandboxMailbox(db: Database.Database): SandboxMailbox {
  // Created on first open of any sandbox database, old ones included; a reset removes it with the rest.
  db.exec(
    'CREATE TABLE IF NOT EXISTS mailbox (id INTEGER PRIMARY KEY AUTOINCREMENT, mail TEXT NOT NULL)',
  );
  const insert = db.prepare<[string]>('INSERT INTO mailbox (mail) VALUES (?)');
  const newest = db.prepare<[number], { id: number; mail: string }>(
    'SELECT id, mail FROM mailbox ORDER BY id DESC LIMIT ?',
  );
  const byId = db.prepare<[number], { id: number; mail: string }>(
    'SELECT id, mail FROM mailbox WHERE id = ?',
  );
  const entryOf = (row: { id: number; mail: string }): MailboxEntry => ({
    ...(JSON.parse(row.mail) as KeptMail),
    id: row.id,
  });
  return {
    keep(mail) {
      insert.run(JSON.stringify(mail));
    },
    list(limit) {
      return newest.all(limit).map(entryOf);
    },
    find(id) {
      const row = byId.get(id);
      return row === undefined ? null : entryOf(row);
    },
  };
}
