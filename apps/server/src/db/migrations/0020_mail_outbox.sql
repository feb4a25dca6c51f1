-- Outgoing mail, written in the transaction of what it tells, so a mail goes out exactly when its change
-- commits. With SMTP_URL a sender delivers pending mail (retrying with a growing pause) and then drops its
-- body, with the single-use link it may hold; without, mail is kept for the operator to read (`npm run admin
-- -- mail list`, the local outbox page).
CREATE TABLE mail_outbox (
  id serial PRIMARY KEY,
  kind text NOT NULL,
  recipient text NOT NULL,
  subject text NOT NULL,
  text_body text,
  html_body text,
  status text NOT NULL CHECK (status IN ('pending', 'sent', 'kept', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);

CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE status = 'pending';
