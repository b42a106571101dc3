-- issue 13 (patient side): height, weight and BMI saved on the body-information screen are
-- kept as vital-sign readings too (LOINC 8302-2, 29463-7, 39156-5), so FHIR serves them.
ALTER TABLE vital_sign DROP CONSTRAINT vital_sign_kind_check;
ALTER TABLE vital_sign ADD CONSTRAINT vital_sign_kind_check
  CHECK (kind IN ('TEMPERATURE', 'BLOOD_PRESSURE', 'HEART_RATE', 'SPO2', 'BLOOD_GLUCOSE', 'SLEEP', 'STEPS',
                  'EXERCISE', 'BODY_WEIGHT', 'BODY_HEIGHT', 'BMI'));
