-- Issue 15: a dose is a record of what was to be taken at that time. It keeps the medicine's
-- name, strength, form, dose per intake and meal relation as they were when the dose was
-- generated, so a later change of the medicine (1정 → 2정) applies to doses from then on and
-- never rewrites the history. Decision 024.
ALTER TABLE medication_doses ADD COLUMN medication_name text;
ALTER TABLE medication_doses ADD COLUMN strength text;
ALTER TABLE medication_doses ADD COLUMN form text;
ALTER TABLE medication_doses ADD COLUMN dose_per_intake numeric(8, 2);
ALTER TABLE medication_doses ADD COLUMN meal text;

-- Doses generated before this migration: what the medicine says now is the best record there is.
UPDATE medication_doses d
   SET medication_name = m.name, strength = m.strength, form = m.form,
       dose_per_intake = m.dose_per_intake, meal = m.meal
  FROM medications m
 WHERE m.idx = d.medication_idx;

ALTER TABLE medication_doses ALTER COLUMN medication_name SET NOT NULL;
ALTER TABLE medication_doses ALTER COLUMN strength SET NOT NULL;
ALTER TABLE medication_doses ALTER COLUMN form SET NOT NULL;
ALTER TABLE medication_doses ALTER COLUMN dose_per_intake SET NOT NULL;
ALTER TABLE medication_doses ALTER COLUMN meal SET NOT NULL;
