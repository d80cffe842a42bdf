import type Database from 'better-sqlite3';

// The sandbox's mailbox (README.md, Demo accounts (sandbox)): without SMTP_URL the sandbox keeps the
// mail it would have sent, in its own database, and GET /sandbox/mail shows it newest first.

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

export interface SandboxMailbox {
  keep(mail: KeptMail): void;
  /** The newest `limit` mails, newest first. */
  list(limit: number): KeptMail[];
}

export function createSandboxMailbox(db: Database.Database): SandboxMailbox {
  // Created on first open of any sandbox database, old ones included; a reset removes it with the rest.
  db.exec(
    'CREATE TABLE IF NOT EXISTS mailbox (id INTEGER PRIMARY KEY AUTOINCREMENT, mail TEXT NOT NULL)',
  );
  const insert = db.prepare<[string]>('INSERT INTO mailbox (mail) VALUES (?)');
  const newest = db.prepare<[number], { mail: string }>(
    'SELECT mail FROM mailbox ORDER BY id DESC LIMIT ?',
  );
  return {
    keep(mail) {
      insert.run(JSON.stringify(mail));
    },
    list(limit) {
      return newest.all(limit).map((row) => JSON.parse(row.mail) as KeptMail);
    },
  };
}
