import { type InputHTMLAttributes, type ReactNode, useRef, useState } from 'react';
import './auth-form.css';

// A small accessible form kit for the signed-out pages, which render without antd so that the first
// page a visitor sees stays light: labelled inputs, errors announced next to their field, busy buttons.

type TValidator<TName extends string> = (
  value: string,
  values: Record<TName, string>,
) => string | undefined | Promise<string | undefined>;

/** Field values, errors shown once a field has changed or the form was submitted, and the submit check. */
export const useAuthForm = <TName extends string>({
  names,
  initialValues = {},
  validators,
  revalidates = {},
  onEdit,
}: {
  names: readonly TName[];
  /** What a field starts with other than empty text (a choice guessed from the browser). */
  initialValues?: Partial<Record<TName, string>>;
  validators: Partial<Record<TName, TValidator<TName>>>;
  /** Fields checked again when another field changes (e.g. the repeated password). */
  revalidates?: Partial<Record<TName, TName[]>>;
  /** Called on every edit: the page clears the server's answer to what the user is now changing. */
  onEdit?: () => void;
}) => {
  const [values, setValues] = useState(
    () => Object.fromEntries(names.map((name) => [name, initialValues[name] ?? ''])) as Record<TName, string>,
  );
  const [errors, setErrors] = useState<Partial<Record<TName, string>>>({});
  const valuesRef = useRef(values);
  const touched = useRef(new Set<TName>());
  const runs = useRef(new Map<TName, number>());

  const validate = async (name: TName, current: Record<TName, string>) => {
    const run = (runs.current.get(name) ?? 0) + 1;
    runs.current.set(name, run);
    const error = await validators[name]?.(current[name], current);
    // Only the latest check of a field decides what it shows.
    if (runs.current.get(name) === run) setErrors((previous) => ({ ...previous, [name]: error }));
    return error;
  };

  const setValue = (name: TName, value: string) => {
    const next = { ...valuesRef.current, [name]: value };
    valuesRef.current = next;
    setValues(next);
    touched.current.add(name);
    onEdit?.();
    void validate(name, next);
    for (const other of revalidates[name] ?? []) {
      if (touched.current.has(other)) void validate(other, next);
    }
  };

  /** Checks every field; the values when all pass, else undefined (and the first invalid field gets focus). */
  const validateAll = async (form: HTMLFormElement) => {
    const current = valuesRef.current;
    for (const name of names) touched.current.add(name);
    const results = await Promise.all(names.map((name) => validate(name, current)));
    const firstInvalid = names.find((_name, index) => results[index]);
    if (firstInvalid) {
      form.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return undefined;
    }
    return current;
  };

  const fieldProps = (name: TName) => ({
    name,
    value: values[name],
    error: errors[name],
    onValueChange: (value: string) => setValue(name, value),
  });

  return { values, errors, fieldProps, validateAll };
};

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The email rules the antd forms had: required, then a valid address. */
export const checkEmail = (value: string) => {
  const email = value.trim();
  if (!email) return 'Please enter your email address.';
  if (!emailPattern.test(email)) return 'Please enter a valid email address.';
  return undefined;
};

type TFieldProps = {
  label: string;
  name: string;
  value: string;
  error: string | undefined;
  onValueChange: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'id'>;

/** A labelled input with its error text, announced and tied to the input. */
export const AuthField = ({ label, name, value, error, onValueChange, ...inputProps }: TFieldProps) => {
  const id = `auth-field-${name}`;
  const errorId = `${id}-error`;
  return (
    <div className="auth-field">
      <label className="auth-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...inputProps}
        id={id}
        name={name}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        className={error ? 'auth-input auth-input--invalid' : 'auth-input'}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
      />
      <div id={errorId} className="auth-field__error" aria-live="polite">
        {error}
      </div>
    </div>
  );
};

/** A labelled native choice, styled as the inputs, with a first option for "none chosen". */
export const AuthSelect = ({
  label,
  name,
  value,
  placeholder,
  options,
  onValueChange,
  hint,
}: {
  label: string;
  name: string;
  value: string;
  placeholder: string;
  options: { value: string; label: string }[];
  onValueChange: (value: string) => void;
  hint?: string;
}) => {
  const id = `auth-field-${name}`;
  const hintId = `${id}-hint`;
  return (
    <div className="auth-field">
      <label className="auth-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        className="auth-input"
        aria-describedby={hint ? hintId : undefined}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <div id={hintId} className="auth-field__hint">
          {hint}
        </div>
      )}
    </div>
  );
};

type TButtonProps = {
  children: ReactNode;
  type?: 'submit' | 'button';
  variant?: 'primary' | 'default' | 'link';
  isBusy?: boolean;
  isBlock?: boolean;
  onClick?: () => void;
  disabled?: boolean;
};

/** A button that shows a spinner and ignores clicks while its action runs. */
export const AuthButton = ({
  children,
  type = 'button',
  variant = 'primary',
  isBusy = false,
  isBlock = false,
  onClick,
  disabled,
}: TButtonProps) => (
  <button
    type={type}
    className={`auth-button auth-button--${variant}${isBlock ? ' auth-button--block' : ''}`}
    aria-busy={isBusy || undefined}
    disabled={disabled}
    onClick={(event) => {
      if (isBusy) {
        event.preventDefault();
        return;
      }
      onClick?.();
    }}
  >
    {isBusy && <span className="auth-spinner" aria-hidden="true" />}
    {children}
  </button>
);

/** An error (role alert) or a confirmation (role status) above a form. */
export const AuthNotice = ({
  kind,
  title,
  children,
  action,
}: {
  kind: 'error' | 'success';
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
}) => (
  <div className={`auth-notice auth-notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
    <div className="auth-notice__body">
      <div className="auth-notice__title">{title}</div>
      {children && <div>{children}</div>}
    </div>
    {action}
  </div>
);

/** The outcome of a step (e.g. the email link checked), with what to do next. */
export const AuthResult = ({
  kind,
  title,
  subTitle,
  extra,
}: {
  kind: 'success' | 'error' | 'warning';
  title: string;
  subTitle?: string;
  extra?: ReactNode;
}) => (
  <div className={`auth-result auth-result--${kind}`} role={kind === 'success' ? 'status' : 'alert'}>
    <p className="auth-result__title">{title}</p>
    {subTitle && <p className="auth-result__subtitle">{subTitle}</p>}
    {extra && <div className="auth-result__extra">{extra}</div>}
  </div>
);

/** Work under way, announced politely. */
export const AuthProgress = ({ children }: { children: ReactNode }) => (
  <p className="auth-progress" role="status">
    <span className="auth-spinner auth-spinner--accent" aria-hidden="true" />
    {children}
  </p>
);
