-- Staff failed logins counted per login id in login_failures too (decision 008), so an
-- unknown staff id locks and answers exactly like a real one.
INSERT INTO login_failures (principal, login_id, failed_count, locked_until)
  SELECT 'staff', login_id, failed_login_count, locked_until
    FROM staff_users
   WHERE failed_login_count > 0 OR locked_until > now()
ON CONFLICT (principal, login_id) DO NOTHING;
ALTER TABLE staff_users DROP COLUMN failed_login_count, DROP COLUMN locked_until;
