import { Spinner } from './spinner';

/** Full-screen wait, e.g. 'Restoring your session…' at start. */
export function Splash({ message }: { message: string }) {
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-50 px-4 text-center">
      <span className="text-2xl font-bold text-brand-800">CediCrypto</span>
      <span className="flex items-center gap-2 text-slate-700">
        <Spinner className="text-brand-700" />
        {message}
      </span>
    </div>
  );
}
