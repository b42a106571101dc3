import { useState } from 'react';
import { Button, Input, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const REASON_MAX = 300;

/** A reason the patient reads (cancel, decline): refused when empty, nothing sent. */
export function ReasonModal({
  open,
  title,
  confirmText,
  pending,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  confirmText: string;
  pending: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const confirm = () => {
    const text = reason.trim();
    if (!text) return setError(t('telemedicine.reasonRequired'));
    onConfirm(text);
  };
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      afterClose={() => {
        setReason('');
        setError('');
      }}
      footer={
        <Space wrap>
          <Button onClick={onClose}>{t('telemedicine.back')}</Button>
          <Button danger type="primary" loading={pending} onClick={confirm}>
            {confirmText}
          </Button>
        </Space>
      }
    >
      <div className="tm-field">
        <label htmlFor="tm-reason" className="tm-label">
          {t('telemedicine.reasonLabel')}
        </label>
        <Input.TextArea
          id="tm-reason"
          value={reason}
          maxLength={REASON_MAX}
          autoSize={{ minRows: 2, maxRows: 6 }}
          status={error ? 'error' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'tm-reason-error' : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setError('');
          }}
        />
        {error && (
          <Typography.Text type="danger" id="tm-reason-error">
            {error}
          </Typography.Text>
        )}
      </div>
    </Modal>
  );
}
