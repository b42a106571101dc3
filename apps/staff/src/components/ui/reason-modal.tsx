import { useState } from 'react';
import { Button, Input, Modal, Space, Typography } from 'antd';

const REASON_MAX = 300;

/** The texts and look of one feature's reason dialog. */
export interface ReasonModalLook {
  /** Element ids start with this (one dialog of a kind on a screen). */
  id: string;
  label: string;
  required: string;
  back: string;
  fieldClassName: string;
  labelClassName: string;
}

/**
 * A reason the patient reads (cancel, decline): refused when empty, nothing sent. Shared by the
 * features that ask one (appointments, telemedicine); each passes its own texts and class names.
 */
export function ReasonModal({
  open,
  title,
  confirmText,
  pending,
  look,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  confirmText: string;
  pending: boolean;
  look: ReasonModalLook;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const confirm = () => {
    const text = reason.trim();
    if (!text) return setError(look.required);
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
          <Button onClick={onClose}>{look.back}</Button>
          <Button danger type="primary" loading={pending} onClick={confirm}>
            {confirmText}
          </Button>
        </Space>
      }
    >
      <div className={look.fieldClassName}>
        <label htmlFor={look.id} className={look.labelClassName}>
          {look.label}
        </label>
        <Input.TextArea
          id={look.id}
          value={reason}
          maxLength={REASON_MAX}
          autoSize={{ minRows: 2, maxRows: 6 }}
          status={error ? 'error' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${look.id}-error` : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setError('');
          }}
        />
        {error && (
          <Typography.Text type="danger" id={`${look.id}-error`}>
            {error}
          </Typography.Text>
        )}
      </div>
    </Modal>
  );
}
