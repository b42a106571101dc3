-- One device, one patient: on a shared phone the token belongs to whoever registered it
-- last, so nobody receives the previous patient's notifications.
DELETE FROM push_tokens p
 USING push_tokens newer
 WHERE newer.fcm_token = p.fcm_token
   AND (newer.updated_at, newer.patient_idx) > (p.updated_at, p.patient_idx);
CREATE UNIQUE INDEX push_tokens_fcm_token ON push_tokens (fcm_token);
