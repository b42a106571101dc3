import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { CONTENT_KINDS, CONTENT_EDITOR_ROLES, type ContentKind } from '@smartcare/contract/hospital-content';
import { useSession } from '../../lib/session';
import { ContentEditorScreen } from '../../features/content-editor/components/content-form';
import { ContentList } from '../../features/content-editor/components/content-list';

const kindOf = (value: string | null): ContentKind =>
  CONTENT_KINDS.includes(value as ContentKind) ? (value as ContentKind) : 'NOTICE';

/** Only editors (decision 022); the server refuses everyone else anyway. */
function EditorsOnly({ children }: { children: React.ReactNode }) {
  const me = useSession()?.myData;
  const { t } = useTranslation();
  if (!me || !CONTENT_EDITOR_ROLES.includes(me.role))
    return (
      <Result status="403" title={t('contentEditor.forbidden')} subTitle={t('contentEditor.forbiddenHint')} />
    );
  return <>{children}</>;
}

/** `/content?kind=NOTICE|FAQ|GUIDE`: the list (issue 14). */
export function ContentRoute() {
  const [search, setSearch] = useSearchParams();
  const kind = kindOf(search.get('kind'));
  return (
    <EditorsOnly>
      <ContentList kind={kind} onKindChange={(next) => setSearch({ kind: next }, { replace: true })} />
    </EditorsOnly>
  );
}

/** `/content/new?kind=…`: a new item. */
export function ContentNewRoute() {
  const [search] = useSearchParams();
  return (
    <EditorsOnly>
      <ContentEditorScreen idx={null} newKind={kindOf(search.get('kind'))} />
    </EditorsOnly>
  );
}

/** `/content/{idx}`: one item. */
export function ContentEditRoute() {
  const { idx } = useParams();
  const number = Number(idx);
  return (
    <EditorsOnly>
      <ContentEditorScreen idx={Number.isInteger(number) && number > 0 ? number : -1} newKind="NOTICE" />
    </EditorsOnly>
  );
}
