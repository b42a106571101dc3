-- Issue 10 point 6: the advertising switches of the alarm settings and the MARKETING /
-- MARKETING_NIGHT consents were two records of one fact that could disagree. The consent
-- (answered with a time, audited) is now the only one: a switch that is newer than the
-- patient's answer, or was switched on without an answer, becomes the answer, at the time
-- it was switched (a switch never touched is no answer: nothing is recorded for it).
INSERT INTO consents (patient_idx, terms_code, version, agreed, answered_at)
SELECT a.patient_idx, m.terms_code, v.version, m.agreed, a.updated_at
  FROM alarm_settings a
 CROSS JOIN LATERAL (VALUES ('MARKETING', a.marketing),
                            ('MARKETING_NIGHT', a.marketing AND a.marketing_night)) AS m(terms_code, agreed)
  JOIN (SELECT terms_code, max(version) AS version FROM terms GROUP BY terms_code) v
    ON v.terms_code = m.terms_code
  LEFT JOIN consents c ON c.patient_idx = a.patient_idx AND c.terms_code = m.terms_code
 WHERE (c.patient_idx IS NULL AND m.agreed) OR (c.agreed <> m.agreed AND c.answered_at < a.updated_at)
ON CONFLICT (patient_idx, terms_code) DO UPDATE
  SET version = EXCLUDED.version, agreed = EXCLUDED.agreed, answered_at = EXCLUDED.answered_at;

ALTER TABLE alarm_settings DROP COLUMN marketing, DROP COLUMN marketing_night;
