-- Mail attachments become references to the company's files (companyId, fileId), streamed from the
-- file store at send time. The bytes of mails written before cannot move into the file store from
-- SQL, so mails that may still be sent (queued, sending, or failed and open to a retry) keep them
-- inline and the worker still sends that shape. Every attachment gets its size, so the Sent list
-- no longer estimates it from the base64 length; sent mails never need their bytes again and lose
-- them, keeping name, type and size.
UPDATE mails
SET attachments = (
  SELECT coalesce(jsonb_agg(
    (CASE WHEN mails.status = 'sent' THEN attachment - 'contentBase64' ELSE attachment END)
      || jsonb_build_object('size', coalesce(
        (attachment->>'size')::int,
        octet_length(decode(coalesce(attachment->>'contentBase64', ''), 'base64'))))
    ORDER BY position), '[]'::jsonb)
  FROM jsonb_array_elements(mails.attachments) WITH ORDINALITY AS element(attachment, position)
)
WHERE jsonb_array_length(attachments) > 0
  AND EXISTS (SELECT 1 FROM jsonb_array_elements(mails.attachments) AS element(attachment)
    WHERE attachment ? 'contentBase64');
