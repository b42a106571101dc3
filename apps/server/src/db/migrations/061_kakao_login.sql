-- Kakao login (issue 12, decision 016): which Kakao account may log in as which patient,
-- and the short-lived, single-use steps of the authorisation-code flow.

-- One Kakao account per patient and one patient per Kakao account. Kakao's user id is
-- app-scoped and stored as text (domain.md).
CREATE TABLE kakao_links (
  patient_idx  integer PRIMARY KEY REFERENCES patients(idx) ON DELETE CASCADE,
  kakao_id     text NOT NULL UNIQUE CHECK (kakao_id ~ '^[0-9]{1,20}$'),
  linked_at    timestamptz NOT NULL DEFAULT now()
);

-- A login started in one browser: the state sent to Kakao (SHA-256) and the browser it is
-- bound to (SHA-256 of its HttpOnly cookie). Deleted on first use; expired rows pruned.
CREATE TABLE kakao_login_states (
  state_hash    text PRIMARY KEY,
  browser_hash  text NOT NULL,
  area          text NOT NULL CHECK (area IN ('hospital', 'homecare')),
  -- The exchange must name the redirect_uri the authorisation used (RFC 6749 §4.1.3).
  redirect_uri  text NOT NULL,
  expires_at    timestamptz NOT NULL
);
CREATE INDEX kakao_login_states_expiry ON kakao_login_states (expires_at);

-- A Kakao account the server has verified but no patient holds yet: the ticket (SHA-256)
-- lets the same browser link an existing account or start a new one, once.
CREATE TABLE kakao_pending_accounts (
  ticket_hash   text PRIMARY KEY,
  browser_hash  text NOT NULL,
  kakao_id      text NOT NULL CHECK (kakao_id ~ '^[0-9]{1,20}$'),
  area          text NOT NULL CHECK (area IN ('hospital', 'homecare')),
  nickname      text CHECK (length(nickname) <= 50),
  email         text CHECK (length(email) <= 254),
  expires_at    timestamptz NOT NULL
);
CREATE INDEX kakao_pending_accounts_expiry ON kakao_pending_accounts (expires_at);
