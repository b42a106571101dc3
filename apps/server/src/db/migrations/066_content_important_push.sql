-- Important notices pushed to the hospital's patients (issue 14, staff content editor;
-- decision 022). `important` only means something on a NOTICE. important_pushed_at is set once
-- the push of a notice is done; hospital_content_pushes holds one row per notice and patient,
-- claimed before the notification is sent, so two server processes running the push job at
-- once never notify a patient twice (decision 002).
ALTER TABLE hospital_contents ADD COLUMN important boolean NOT NULL DEFAULT false;
ALTER TABLE hospital_contents ADD COLUMN important_pushed_at timestamptz;
CREATE INDEX hospital_contents_important_due ON hospital_contents (publish_at)
  WHERE important AND important_pushed_at IS NULL AND deleted_at IS NULL AND unpublished_at IS NULL;

CREATE TABLE hospital_content_pushes (
  content_idx integer NOT NULL REFERENCES hospital_contents(idx) ON DELETE CASCADE,
  patient_idx integer NOT NULL REFERENCES patients(idx) ON DELETE CASCADE,
  pushed_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (content_idx, patient_idx)
);
CREATE INDEX hospital_content_pushes_patient ON hospital_content_pushes (patient_idx);
