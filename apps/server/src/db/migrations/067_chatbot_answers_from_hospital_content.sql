-- Issue 14 (decision 023): the chatbot answers from the hospital's published FAQ entries and
-- guides (hospital_contents, 063). Its own seed (faq_entries, 050) and the trigger that copied
-- it to every new hospital are no longer read by anything.
DROP TRIGGER IF EXISTS hospitals_copy_faq_template ON hospitals;
DROP FUNCTION IF EXISTS faq_entries_copy_template();
DROP TABLE IF EXISTS faq_entries;

-- A bot answer carries the FAQ entry or guide it quotes: {"kind":"FAQ"|"GUIDE","idx":…,"title":…}.
ALTER TABLE chat_messages ADD COLUMN link jsonb;
