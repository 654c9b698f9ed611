// Sub-user management (named routes logbuch-user, logbuch-user-create): the main user ('general') and
// the sub-users with their functions K07 (lab manager: general authorisation incl. release of orders),
// K09 (buyer: orders), K13 (technician: documents batches). Creating, changing and removing needs the
// main user or a K07 — other users see why up front instead of a form the API would refuse (403). A
// sub-user with a password logs in itself as <customer number>x<id> (docs/ACCOUNTS.md); the password is set
// here and never shown.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $customer } from '#stores/customer.ts';
import { allows } from '#rules/permissions.ts';
import { $userSelectOpen, closeDialog, openDialog, showToast } from '#stores/ui.ts';
import { ApiFailure, request, type ApiResult } from '#lib/api.ts';
import { FUNCTION_ROLES } from '#rules/constants.ts';
import { colourFor } from '#rules/locale.ts';
import { isBlank, validateEmail, validatePasswordPair } from '#rules/validate.ts';
import { useT, type Messages } from '../../shop/lib/i18n.ts';
import { ensureCustomer, requireLogin } from '../../shop/lib/session.ts';
import { activate } from '../../shop/lib/activate.ts';
import { failureKey } from '../../shop/lib/errors.ts';
import { Field, PasswordField } from '../../shop/ui/Field.tsx';
import { portalError } from '../lib/errors.ts';
import { portalRoutes } from '../lib/routes.ts';
import '../portal.css';

type User = ApiResult<'GET /api/user/subusers'>[number];
type Mode = 'list' | 'create' | 'edit';

export default function UserAdmin({ country, lang, mode, id, messages }: { country: string; lang: string; mode: Mode; id?: number; messages?: Messages }) {
  const t = useT(lang, messages);
  const r = portalRoutes(country, lang);
  const [users, setUsers] = useState<User[] | null>(null);
  const [form, setForm] = useState({ vorname: '', nachname: '', email: '', funktionen: [] as string[], password: '', password2: '' });
  const [kdnr, setKdnr] = useState(0);
  const loginOf = (userId: number | string) => `${kdnr}x${userId}`;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const acting = useStore($customer).activeUser; // null: the main user
  const mayManage = allows(acting ? acting.funktionen : null, 'manage_users');

  const reload = () => request('GET /api/user/subusers').then((us) => {
    setUsers(us);
    if (mode === 'edit') {
      const u = us.find((x) => x.id === id && x.role === 'sub');
      if (u) setForm({ vorname: u.vorname, nachname: u.nachname, email: u.email ?? '', funktionen: u.funktionen, password: '', password2: '' });
      else setError(t('logbuch_user.not_found'));
    }
  }).catch((e) => { setUsers([]); setError(portalError(t, failureKey(e))); });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload is a plain closure recreated each render; loads once per mode/id
  useEffect(() => {
    void ensureCustomer().then((c) => { if (c.kundennummer) { setKdnr(c.kundennummer); void reload(); } else requireLogin(); });
  }, [mode, id]);

  const set = (k: 'vorname' | 'nachname' | 'email' | 'password' | 'password2') => (v: string) => { setForm({ ...form, [k]: v }); setErrors((e) => ({ ...e, [k]: '' })); };
  const toggle = (f: string) => setForm({ ...form, funktionen: form.funktionen.includes(f) ? form.funktionen.filter((x) => x !== f) : [...form.funktionen, f] });

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (isBlank(form.vorname)) errs.vorname = portalError(t, 'please_fill_in');
    if (isBlank(form.nachname)) errs.nachname = portalError(t, 'please_fill_in');
    if (!isBlank(form.email) && validateEmail(form.email)) errs.email = portalError(t, 'invalid_email');
    if (form.funktionen.length === 0) errs.funktionen = t('logbuch_user.function_required');
    const pwErr = form.password || form.password2 ? validatePasswordPair(form.password, form.password2) : null;
    if (pwErr) errs[pwErr === 'password_mismatch' ? 'password2' : 'password'] = portalError(t, pwErr);
    setErrors(errs);
    if (Object.keys(errs).length) { document.querySelector<HTMLElement>('.pt-userform [aria-invalid="true"]')?.focus(); return; }
    setBusy(true);
    const body = {
      vorname: form.vorname.trim(), nachname: form.nachname.trim(), email: form.email.trim(), funktionen: form.funktionen,
      ...(form.password ? { password: form.password, password2: form.password2 } : {}),
    };
    try {
      if (mode === 'edit') await request('PUT /api/user/subusers/:id', { params: { id: id! }, body }); else await request('POST /api/user/subusers', { body });
      showToast(t(mode === 'edit' ? 'logbuch_user.saved' : 'logbuch_user.created', { name: `${body.vorname} ${body.nachname}` }), 'success');
      location.href = r.logbuchUsers;
    } catch (err) {
      const key = failureKey(err);
      const field = err instanceof ApiFailure ? String((err.body.issues as { path: string }[] | undefined)?.[0]?.path ?? err.body.field ?? '') : '';
      if (field && ['vorname', 'nachname', 'email', 'funktionen', 'password', 'password2'].includes(field)) setErrors({ [field]: portalError(t, key) });
      else setError(portalError(t, key));
      setBusy(false);
    }
  };

  const remove = () => {
    const name = `${form.vorname} ${form.nachname}`.trim();
    openDialog({
      title: t('logbuch_user.delete'), text: t('logbuch_user.delete_confirm', { name }), showCancel: true,
      onConfirm: () => {
        closeDialog();
        request('DELETE /api/user/subusers/:id', { params: { id: id! } }).then(() => { showToast(t('logbuch_user.deleted', { name }), 'success'); location.href = r.logbuchUsers; })
          .catch((err) => setError(portalError(t, failureKey(err))));
      },
    });
  };
  const label = (u: User) => (u.role === 'general' ? t('role.general') : u.funktionen.map((f) => t(`function.${f}`)).join(', '));

  return (
    <div className="pt-users">
      <section aria-labelledby="pt-users-title" className="pt-users__list">
        <h2 id="pt-users-title" className="sh-section__title">{t('logbuch_user.users')}</h2>
        {!users && <p aria-busy="true">{t('app.loading')}</p>}
        {users && (
          <ul className="sh-users" data-testid="user-admin-list">
            {users.map((u) => (
              <li key={u.id} className={`sh-user${u.id === id && mode === 'edit' ? ' is-active' : ''}`}>
                <span className="sh-user__avatar" style={{ background: colourFor(u.id) }} aria-hidden="true">{(u.vorname[0] ?? '') + (u.nachname[0] ?? '')}</span>
                <span className="sh-user__text">
                  <strong>{`${u.vorname} ${u.nachname}`.trim()}</strong>
                  <small>{label(u)}{u.active && ` · ${t('logbuch_user.active')}`}</small>
                  {u.role === 'sub' && kdnr > 0 && (
                    <small data-testid="user-login">{u.hasPassword ? t('logbuch_user.login_as', { login: loginOf(u.id) }) : t('logbuch_user.no_login')}</small>
                  )}
                </span>
                {u.role === 'sub' && mayManage && <a className="sh-btn sh-btn--small" href={r.logbuchUser(u.id)} aria-label={`${t('user_select.edit')}${t('app.colon')} ${u.vorname} ${u.nachname}`}>{t('user_select.edit')}</a>}
              </li>
            ))}
          </ul>
        )}
        <div className="pt-actions">
          {mode !== 'create' && mayManage && <a className="sh-btn sh-btn--primary" href={r.logbuchUserCreate}>{t('user_select.add')}</a>}
          <button type="button" className="sh-btn" onClick={() => { $userSelectOpen.set(true); activate('user-select'); }}>{t('nav.change_user')}</button>
        </div>
        <dl className="pt-roles">
          {FUNCTION_ROLES.map((f) => <div key={f}><dt>{f} – {t(`function.${f}`)}</dt><dd>{t(`function.${f}_desc`)}</dd></div>)}
        </dl>
      </section>
      {error && <p className="sh-error" role="alert" data-testid="user-error">{error}</p>}
      {!mayManage && <p className="sh-note" role="status" data-testid="user-no-right">{t('logbuch_user.no_manage_right')}</p>}
      {mode !== 'list' && mayManage && !(mode === 'edit' && error === t('logbuch_user.not_found')) && (
        <form className="sh-form pt-userform" onSubmit={(e) => void save(e)} noValidate data-testid="user-form">
          <h2 className="sh-section__title">{t(mode === 'edit' ? 'logbuch_user.edit' : 'logbuch_user.create')}</h2>
          <Field label={t('form.firstname')} name="vorname" value={form.vorname} onChange={set('vorname')} error={errors.vorname} required maxLength={50} autoComplete="off" />
          <Field label={t('form.lastname')} name="nachname" value={form.nachname} onChange={set('nachname')} error={errors.nachname} required maxLength={50} autoComplete="off" />
          <Field label={t('form.email')} name="email" type="email" value={form.email} onChange={set('email')} error={errors.email} maxLength={254} autoComplete="off" />
          <fieldset className={`sh-fieldset${errors.funktionen ? ' has-error' : ''}`} aria-describedby={errors.funktionen ? 'pt-fn-err' : undefined}>
            <legend>{t('user_select.functions')}<span className="sh-req" aria-hidden="true"> *</span></legend>
            {FUNCTION_ROLES.map((f) => (
              <label key={f} className="sh-check">
                <input type="checkbox" checked={form.funktionen.includes(f)} onChange={() => toggle(f)} name="funktionen" value={f} />
                <span><strong>{t(`function.${f}`)}</strong> ({f}) – {t(`function.${f}_desc`)}</span>
              </label>
            ))}
            {errors.funktionen && <span id="pt-fn-err" className="sh-field__error" role="alert">{errors.funktionen}</span>}
          </fieldset>
          <fieldset className="sh-fieldset pt-userform__login">
            <legend>{t('logbuch_user.password')}</legend>
            <PasswordField label={t('login.password')} name="password" value={form.password} onChange={set('password')} error={errors.password} t={t} />
            <PasswordField label={t('logbuch_user.password2')} name="password2" value={form.password2} onChange={set('password2')} error={errors.password2} t={t} />
            <p className="sh-field__hint pt-userform__hint">{t('logbuch_user.password_hint', { login: loginOf(mode === 'edit' && id ? id : '…') })}</p>
          </fieldset>
          <div className="pt-actions">
            <button type="submit" className="sh-btn sh-btn--primary" disabled={busy}>{busy ? t('form.sending') : t('logbuch_user.save')}</button>
            <a className="sh-btn sh-btn--ghost" href={r.logbuchUsers}>{t('dialog.cancel')}</a>
            {mode === 'edit' && <button type="button" className="sh-btn sh-btn--ghost pt-danger" onClick={remove}>{t('logbuch_user.delete')}</button>}
          </div>
        </form>
      )}
    </div>
  );
}
