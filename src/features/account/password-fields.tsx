import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';

/** The new password and its repeat, with the server's per-field error codes (`errors:<code>`) under each. */
export function NewPasswordFields(props: {
  idPrefix: string;
  password: string;
  repeat: string;
  onPassword: (v: string) => void;
  onRepeat: (v: string) => void;
  /** Field errors by name (`password`, `password_repeat`): translated texts. */
  errors: Record<string, string>;
}) {
  const { t } = useTranslation('account');
  const { idPrefix, errors } = props;
  return (
    <>
      <Form.Group className="mb-3" controlId={`${idPrefix}-password`}>
        <Form.Label>{t('password.new')}</Form.Label>
        <Form.Control
          type="password"
          autoComplete="new-password"
          value={props.password}
          isInvalid={!!errors.password}
          aria-describedby={`${idPrefix}-password-hint`}
          onChange={(e) => props.onPassword(e.target.value)}
        />
        <Form.Text id={`${idPrefix}-password-hint`}>{t('strength.hint')}</Form.Text>
        <Form.Control.Feedback type="invalid">{errors.password}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${idPrefix}-repeat`}>
        <Form.Label>{t('password.repeat')}</Form.Label>
        <Form.Control
          type="password"
          autoComplete="new-password"
          value={props.repeat}
          isInvalid={!!errors.password_repeat}
          onChange={(e) => props.onRepeat(e.target.value)}
        />
        <Form.Control.Feedback type="invalid">{errors.password_repeat}</Form.Control.Feedback>
      </Form.Group>
    </>
  );
}
