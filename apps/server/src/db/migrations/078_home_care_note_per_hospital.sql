-- A nurse's note is a nursing record of the hospital that wrote it (decision 021, amended
-- 2026-11-30). It was one per patient, so a home-care patient who chose another hospital in
-- the app showed that hospital's staff the first hospital's note, and a note they saved
-- replaced it. Now each hospital keeps its own note on the patient.
ALTER TABLE home_care_note ADD COLUMN hospital_idx integer REFERENCES hospitals(idx) ON DELETE CASCADE;

-- Notes written before: the hospital of the staff member who wrote them.
UPDATE home_care_note n
   SET hospital_idx = s.hospital_idx
  FROM staff_users s
 WHERE s.idx = n.written_by_idx;

-- A writer no longer on file (staff accounts are not deleted; only a hand-made row could be
-- so): the hospital the patient is with, which is the only one that could have written it.
UPDATE home_care_note n
   SET hospital_idx = p.chose_hospital_idx
  FROM patients p
 WHERE n.hospital_idx IS NULL AND p.idx = n.patient_idx;

ALTER TABLE home_care_note DROP CONSTRAINT home_care_note_pkey;
ALTER TABLE home_care_note ALTER COLUMN hospital_idx SET NOT NULL;
ALTER TABLE home_care_note ADD PRIMARY KEY (patient_idx, hospital_idx);
