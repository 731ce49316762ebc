import type { ComponentProps, ReactNode } from 'react';
import {
  FormProvider,
  useFormContext,
  type FieldErrors,
  type FieldValues,
  type RegisterOptions,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import { Alert } from '#web/components/ui/alert.js';
import { Input, type InputProps } from '#web/components/ui/input.js';
import { PasswordInput, type PasswordInputProps } from '#web/components/ui/password-input.js';
import { Select, type SelectProps } from '#web/components/ui/select.js';
import { Textarea, type TextareaProps } from '#web/components/ui/textarea.js';

type FormProps<TValues extends FieldValues, TOutput> = Omit<ComponentProps<'form'>, 'onSubmit' | 'onInvalid'> & {
  form: UseFormReturn<TValues, unknown, TOutput>;
  onSubmit: SubmitHandler<TOutput>;
  /** After the fields were marked and the first one focused (the order forms' toast). */
  onInvalid?: SubmitErrorHandler<TValues>;
  children: ReactNode;
};

/** A form of the one approach (`useZodForm`): the browser's own validation off, ours on submit. */
export function Form<TValues extends FieldValues, TOutput>({ form, onSubmit, onInvalid, children, ...rest }: FormProps<TValues, TOutput>) {
  return (
    <FormProvider {...form}>
      <form noValidate {...rest} onSubmit={(event) => void form.handleSubmit(onSubmit, onInvalid)(event)}>
        {children}
      </form>
    </FormProvider>
  );
}

/** The message of a failed submit that is about no field (`showServerError`); nothing otherwise. */
export function FormAlert({ className }: { className?: string }) {
  const { formState } = useFormContext();
  const message = formState.errors.root?.server?.message;
  return message ? (
    <Alert variant="error" className={className}>
      {message}
    </Alert>
  ) : null;
}

/** The message of the field at a dotted path ('payout.number'). */
export function errorAt(errors: FieldErrors, name: string): string | undefined {
  let node: unknown = errors;
  for (const key of name.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

type Bound<P> = Omit<P, 'name' | 'error' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'> & {
  name: string;
  /** react-hook-form's options for this field: `deps`, or an `onChange` that runs after its own. */
  registerOptions?: RegisterOptions;
  /** A message from elsewhere (a live check while typing), shown while the form has none. */
  fallbackError?: string | undefined;
};

function useField(name: string, registerOptions: RegisterOptions | undefined, fallbackError: string | undefined) {
  const { register, formState } = useFormContext();
  return { registered: register(name, registerOptions), error: errorAt(formState.errors, name) ?? fallbackError };
}

export function TextField({ name, registerOptions, fallbackError, ...props }: Bound<InputProps>) {
  const { registered, error } = useField(name, registerOptions, fallbackError);
  return <Input {...props} {...registered} error={error} />;
}

export function TextareaField({ name, registerOptions, fallbackError, ...props }: Bound<TextareaProps>) {
  const { registered, error } = useField(name, registerOptions, fallbackError);
  return <Textarea {...props} {...registered} error={error} />;
}

export function SelectField({ name, registerOptions, fallbackError, ...props }: Bound<SelectProps>) {
  const { registered, error } = useField(name, registerOptions, fallbackError);
  return <Select {...props} {...registered} error={error} />;
}

export function PasswordField({ name, registerOptions, fallbackError, ...props }: Bound<PasswordInputProps>) {
  const { registered, error } = useField(name, registerOptions, fallbackError);
  return <PasswordInput {...props} {...registered} error={error} />;
}
