import '../../lib/antd-mobile';
import Dialog from 'antd-mobile/es/components/dialog';
import type { TFunction } from 'i18next';

/**
 * "병원 변경" asks first and says what changes (issue 10): chat and hospital information
 * follow the new choice, nurse calls keep going to the ward of the admission. Loaded on tap,
 * so the home screen's first paint does not carry the dialog.
 */
export function confirmHospitalChange(t: TFunction): Promise<boolean> {
  return Dialog.confirm({
    title: t('nurseCallAdmission.changeHospitalTitle'),
    content: t('nurseCallAdmission.changeHospitalBody'),
    confirmText: t('nurseCallAdmission.changeHospitalOk'),
    cancelText: t('nurseCallAdmission.changeHospitalCancel'),
  });
}
