import { apiPaths } from '@smartcare/contract/api-paths';
import type { TermsCode } from '@smartcare/contract/terms';
import { screen, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../testing/factories';
import { mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import { SignUpScreen } from './sign-up-screen';

afterEach(() => vi.unstubAllGlobals());

/**
 * The terms field is handed in by the app layer (features never import each other); here
 * one tick standing for "agree to everything" is enough, the terms feature tests its own.
 */
function AgreeAll({
  value = [],
  onChange,
}: {
  value?: TermsCode[];
  onChange?: (codes: TermsCode[]) => void;
}) {
  return (
    <label>
      <input
        type="checkbox"
        checked={value.length > 0}
        onChange={(event) => onChange?.(event.target.checked ? ['SERVICE', 'PRIVACY'] : [])}
      />
      전체 동의
    </label>
  );
}

function renderSignUp() {
  return renderScreen(<SignUpScreen TermsField={AgreeAll} />, {
    path: '/sign-up',
    otherRoutes: ['/hospital/login', '/homecare/login'],
  });
}

/** The form row of a field, so a message is checked under the field it belongs to. */
function fieldRow(label: string | RegExp): HTMLElement {
  const row = screen.getByLabelText(label).closest<HTMLElement>('.adm-form-item');
  if (!row) throw new Error(`no form row for ${String(label)}`);
  return row;
}

describe('the sign-up screen speaks every message of spec §5 in Korean', () => {
  it('asks for each missing field by name and sends nothing', async () => {
    const api = mockApi({});
    renderSignUp();
    await userEvent.setup().click(screen.getByRole('button', { name: '가입하기' }));
    // 'Please input {field}'
    expect(await screen.findByText('아이디를 입력해 주세요')).toBeInTheDocument();
    expect(screen.getByText('이름을 입력해 주세요')).toBeInTheDocument();
    expect(screen.getByText('이메일을 입력해 주세요')).toBeInTheDocument();
    expect(screen.getByText('비밀번호를 입력해 주세요')).toBeInTheDocument();
    expect(screen.getByText('비밀번호 확인을 입력해 주세요')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('refuses values made only of spaces, with one message per field', async () => {
    mockApi({});
    renderSignUp();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('아이디'), '   ');
    await user.type(screen.getByLabelText('이름'), '   ');
    await user.click(screen.getByRole('button', { name: '가입하기' }));
    // 'Value cannot be empty', and not also the length or character rule of the login id.
    await within(fieldRow('아이디')).findByText('값을 비워 둘 수 없습니다');
    expect(within(fieldRow('아이디')).queryByText(/자로 입력해 주세요|아이디는 4~20자/)).toBeNull();
    expect(within(fieldRow('이름')).getByText('값을 비워 둘 수 없습니다')).toBeInTheDocument();
  });

  it('says the allowed length of the login id and the password, as the server counts them', async () => {
    mockApi({});
    renderSignUp();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('아이디'), 'abc');
    await user.type(screen.getByLabelText('비밀번호'), 'Ab1!');
    await user.click(screen.getByRole('button', { name: '가입하기' }));
    // 'Length must be {length}'
    expect(await within(fieldRow('아이디')).findByText('4~20자로 입력해 주세요')).toBeInTheDocument();
    expect(within(fieldRow(/^비밀번호$/)).getByText('8~64자로 입력해 주세요')).toBeInTheDocument();

    // Long enough but the wrong characters: the character rule speaks instead.
    await user.clear(screen.getByLabelText('아이디'));
    await user.type(screen.getByLabelText('아이디'), 'ABCD');
    await user.click(screen.getByRole('button', { name: '가입하기' }));
    expect(
      await within(fieldRow('아이디')).findByText(
        '아이디는 4~20자의 영문 소문자, 숫자, -, _ 만 사용할 수 있습니다',
      ),
    ).toBeInTheDocument();
    expect(within(fieldRow('아이디')).queryByText('4~20자로 입력해 주세요')).toBeNull();
  });

  it('checks the e-mail format and that both passwords match', async () => {
    mockApi({});
    renderSignUp();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('이메일'), 'not-an-email');
    await user.type(screen.getByLabelText(/^비밀번호$/), 'Newpass1!');
    await user.type(screen.getByLabelText('비밀번호 확인'), 'Different1!');
    await user.click(screen.getByRole('button', { name: '가입하기' }));
    // 'Email format error' and 'Not match the password'
    expect(await screen.findByText('이메일 형식이 올바르지 않습니다')).toBeInTheDocument();
    expect(screen.getByText('비밀번호가 일치하지 않습니다')).toBeInTheDocument();
  });

  it('sends a valid form, says "Submit Success" and hands the new id to the login screen', async () => {
    const api = mockApi({
      [`POST ${apiPaths.patient.signUp}`]: () => ({ body: ok({ idx: 7, loginId: 'newbie' }) }),
    });
    renderSignUp();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('아이디'), 'newbie');
    await user.type(screen.getByLabelText('이름'), '새환자');
    await user.type(screen.getByLabelText('이메일'), 'newbie@example.test');
    await user.type(screen.getByLabelText(/^비밀번호$/), 'Newpass1!');
    await user.type(screen.getByLabelText('비밀번호 확인'), 'Newpass1!');
    await user.click(screen.getByLabelText('전체 동의'));
    await user.click(screen.getByRole('button', { name: '가입하기' }));
    // 'Submit Success'
    expect(await screen.findByText('제출되었습니다')).toBeInTheDocument();
    expect(await screen.findByTestId('landed')).toHaveTextContent('/hospital/login');
    expect(api.seen[0]!.body).toMatchObject({
      loginId: 'newbie',
      name: '새환자',
      email: 'newbie@example.test',
      area: 'HOSPITAL',
      agreedTermsCodes: ['SERVICE', 'PRIVACY'],
    });
    expect(localStorage.getItem('rememberedLoginId')).toBe('newbie');
  });
});
