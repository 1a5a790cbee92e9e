import { useCallback, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { StandardSchemaV1 } from '@standard-schema/spec';

export type FormValues = Record<string, string>;
export type FormErrors<V extends FormValues> = Partial<Record<keyof V & string, string>>;
type Touched<V extends FormValues> = Partial<Record<keyof V & string, boolean>>;

/** Any Standard Schema that checks synchronously: a zod schema, or one of ./form-rules. */
export type FormSchema = StandardSchemaV1;

type Validation<S extends FormSchema> = StandardSchemaV1.Result<StandardSchemaV1.InferOutput<S>>;

function validate<S extends FormSchema>(schema: S, values: FormValues): Validation<S> {
  const result = schema['~standard'].validate(values);
  if (result instanceof Promise) throw new TypeError('Form schemas must validate synchronously');
  return result as Validation<S>;
}

/** The first message the schema reports for each top-level field. */
export function schemaFieldErrors<V extends FormValues>(schema: FormSchema, values: V): FormErrors<V> {
  const result = validate(schema, values);
  if (!result.issues) return {};
  const errors: FormErrors<V> = {};
  for (const issue of result.issues) {
    const segment = issue.path?.[0];
    const field = typeof segment === 'object' ? segment.key : segment;
    if (typeof field !== 'string') continue;
    const key = field as keyof V & string;
    if (errors[key] === undefined) errors[key] = issue.message;
  }
  return errors;
}

export interface UseFormOptions<S extends FormSchema, V extends FormValues> {
  initialValues: V;
  /** Validates the values as typed; its output is what `onSubmit` receives. */
  schema: S;
  onSubmit: (output: StandardSchemaV1.InferOutput<S>, values: V) => void | Promise<void>;
}

export interface FieldProps {
  name: string;
  value: string;
  /** Fits text inputs and native selects alike. */
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
  onBlur: () => void;
  /** The message to show: only once the field is touched. */
  error: string | undefined;
}

/**
 * Spec §5: validation runs on change, blur and submit; errors show only for
 * touched fields; submitting touches every field. Errors are derived from the
 * current values, so every change re-validates. Server-side messages for a
 * field (`setServerErrors`) show until that field is edited.
 */
export function useForm<S extends FormSchema, V extends FormValues>({
  initialValues,
  schema,
  onSubmit,
}: UseFormOptions<S, V>) {
  const initial = useRef(initialValues).current;
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Touched<V>>({});
  const [serverErrors, setServerErrorsState] = useState<FormErrors<V>>({});
  const [submitCount, setSubmitCount] = useState(0);

  const errors = useMemo(() => schemaFieldErrors(schema, values), [schema, values]);
  const isValid = Object.keys(errors).length === 0;
  const isDirty = useMemo(
    () => (Object.keys(initial) as (keyof V)[]).some((key) => values[key] !== initial[key]),
    [initial, values],
  );

  const setFieldValue = useCallback((field: keyof V & string, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrorsState((current) => {
      if (current[field] === undefined) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  const touch = useCallback((field: keyof V & string) => {
    setTouched((current) => (current[field] ? current : { ...current, [field]: true }));
  }, []);

  const touchAll = useCallback(() => {
    const all: Touched<V> = {};
    for (const key of Object.keys(initial) as (keyof V & string)[]) all[key] = true;
    setTouched(all);
  }, [initial]);

  /** The message a person sees for a field right now. */
  const visibleError = useCallback(
    (field: keyof V & string): string | undefined =>
      touched[field] ? (errors[field] ?? serverErrors[field]) : undefined,
    [errors, serverErrors, touched],
  );

  const getFieldProps = useCallback(
    (field: keyof V & string): FieldProps => ({
      name: field,
      value: values[field],
      onChange: (event) => setFieldValue(field, event.currentTarget.value),
      onBlur: () => touch(field),
      error: visibleError(field),
    }),
    [setFieldValue, touch, values, visibleError],
  );

  /** Marks the fields the server rejected as touched so their messages show. */
  const setServerErrors = useCallback((next: FormErrors<V>) => {
    setServerErrorsState(next);
    setTouched((current) => {
      const updated = { ...current };
      for (const key of Object.keys(next) as (keyof V & string)[]) updated[key] = true;
      return updated;
    });
  }, []);

  const handleSubmit = useCallback(
    (event?: FormEvent<HTMLFormElement>) => {
      event?.preventDefault();
      touchAll();
      setSubmitCount((count) => count + 1);
      const result = validate(schema, values);
      if (result.issues) {
        // Take the person to the first field that needs attention.
        const firstInvalid = Object.keys(initial).find((key) => errors[key as keyof V & string]);
        const element = firstInvalid ? event?.currentTarget.elements.namedItem(firstInvalid) : null;
        if (element instanceof HTMLElement) element.focus();
        return;
      }
      void onSubmit(result.value, values);
    },
    [errors, initial, onSubmit, schema, touchAll, values],
  );

  const reset = useCallback(() => {
    setValues(initial);
    setTouched({});
    setServerErrorsState({});
    setSubmitCount(0);
  }, [initial]);

  return {
    values,
    errors,
    touched,
    isValid,
    isDirty,
    submitCount,
    getFieldProps,
    visibleError,
    setFieldValue,
    setServerErrors,
    handleSubmit,
    reset,
  };
}

export type UseFormReturn<V extends FormValues> = ReturnType<typeof useForm<FormSchema, V>>;
