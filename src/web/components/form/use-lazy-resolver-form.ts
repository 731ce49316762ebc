import { useForm, type FieldValues, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';

/**
 * useZodForm (use-zod-form.ts) for a form that shows before its rules have downloaded: the same
 * react-hook-form settings, with a resolver that waits for `loadResolver` (the zod resolver on the
 * shared contract, from a chunk of its own) when it first checks the form, on the first submit.
 * A submit before it has arrived waits for it; none goes out unchecked, and a failed download
 * refuses the submit (react-hook-form reports the error) until it is tried again. The order page's
 * "I have paid" (issue 26 point 15, docs/decisions/055).
 */
export function useLazyResolverForm<TValues extends FieldValues, TOutput = TValues>(
  loadResolver: () => Promise<Resolver<TValues, unknown, TOutput>>,
  options: Omit<UseFormProps<TValues, unknown, TOutput>, 'resolver'> = {},
): UseFormReturn<TValues, unknown, TOutput> {
  return useForm<TValues, unknown, TOutput>({
    resolver: async (values, context, resolverOptions) => (await loadResolver())(values, context, resolverOptions),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    ...options,
  });
}
