import '../../lib/antd-mobile';
import type { TermsCode } from '@smartcare/contract/terms';
import Checkbox from 'antd-mobile/es/components/checkbox';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { useTermsList } from './api/get-terms-list';

/**
 * A title that already ends in "(선택)" or "(필수)" (the stored terms' titles do) without it:
 * the tick puts the mark in front, and "[선택] … (선택)" says it twice.
 */
export function withoutMark(title: string): string {
  return title.replace(/\s*[([](선택|필수|optional|required|可选|必选)[)\]]\s*$/i, '');
}

/**
 * The terms to agree to at sign-up, as an antd Form control (value = agreed codes).
 * Required and optional items are separate ticks (PIPA Art. 22).
 */
export function TermsAgreementField({
  value = [],
  onChange,
}: {
  value?: TermsCode[];
  onChange?: (codes: TermsCode[]) => void;
}) {
  const { t } = useTranslation();
  const terms = useTermsList();
  if (terms.isPending) return <LoadingView />;
  if (terms.isError)
    return <ErrorView message={errorMessage(terms.error)} onRetry={() => void terms.refetch()} />;
  const all = terms.data.map((item) => item.termsCode);
  const toggle = (code: TermsCode, on: boolean) =>
    onChange?.(on ? [...new Set([...value, code])] : value.filter((c) => c !== code));
  return (
    <div className="terms-field">
      <Checkbox
        className="terms-all"
        checked={all.length > 0 && all.every((code) => value.includes(code))}
        onChange={(on) => onChange?.(on ? all : [])}
      >
        {t('signUp.agreeAll')}
      </Checkbox>
      <ul className="terms-field-list">
        {terms.data.map((item) => (
          <li key={item.termsCode}>
            <Checkbox checked={value.includes(item.termsCode)} onChange={(on) => toggle(item.termsCode, on)}>
              {item.required ? t('signUp.requiredMark') : t('signUp.optionalMark')} {withoutMark(item.title)}
            </Checkbox>
            <Link
              to={paths.hospital.common.termsDetail.href(item.termsCode)}
              aria-label={t('signUp.viewTerms', { title: item.title })}
            >
              {t('agreeList.view')}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
