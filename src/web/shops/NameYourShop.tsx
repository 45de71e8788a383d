import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { ArrowLeft, CheckCircle2, EyeOff, Loader2, XCircle } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FullPageSpinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api';
import { useSession } from '@/lib/auth';
import { useOpenShop, useSubdomainCheck, type SubdomainCheckState } from '@/lib/shops';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { BrandMark } from '@/marketing/BrandMark';
import { PLATFORM_NAME } from '@shared/platform';
import { SHOP_TEXT, SUBDOMAIN_LIMITS } from '@shared/shops';
import { SETUP_TEXT } from '@shared/store-setup';
import { platformHostOf, suggestAddress, typedAddress } from './shop-address';

const OPEN_FAILED = 'We could not open your shop. Please try again.';
const CHECK_FAILED = 'We could not check that address. Please try again.';

/**
 * /start on the platform host (issue 25 item 3): a signed-in person names a shop and picks its address,
 * a subdomain of the platform. The new store is theirs, private until they launch it, and /admin
 * opens on its set-up checklist. Signed out, /login first and back here.
 */
export default function NameYourShop() {
  const session = useSession();
  useEffect(() => {
    document.title = `${SHOP_TEXT.title} · ${PLATFORM_NAME}`;
  }, []);

  if (session.isPending) return <FullPageSpinner label="Checking your account" />;
  if (session.isError) return <Frame><SessionError onRetry={() => void session.refetch()} /></Frame>;
  if (!session.data.user) return <Navigate to="/login?redirect=%2Fstart" replace />;
  return (
    <Frame>
      <ShopForm email={session.data.user.email} />
    </Frame>
  );
}

/** The login page's frame: a way back to the website, then one card in the middle. */
function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-zinc-50 px-4 py-10">
      <div className="w-full max-w-md">
        <Link to="/" className="mb-6 inline-flex items-center gap-1.5 text-sm text-zinc-600 hover:text-zinc-900">
          <ArrowLeft className="size-4" aria-hidden />
          Back to website
        </Link>
        <Card>
          <CardHeader className="items-center px-6 pt-6 text-center">
            <BrandMark />
            <h1 className="mt-2 text-xl font-semibold">{SHOP_TEXT.title}</h1>
            <p className="text-sm text-pretty text-zinc-500">{SHOP_TEXT.intro}</p>
          </CardHeader>
          <CardContent className="px-6 pb-6">{children}</CardContent>
        </Card>
      </div>
    </div>
  );
}

function SessionError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="grid gap-4">
      <Alert variant="destructive">We could not check your account. Please try again.</Alert>
      <Button onClick={onRetry}>Try again</Button>
    </div>
  );
}

type FieldErrors = Partial<Record<'name' | 'subdomain', string>>;
const without = (field: keyof FieldErrors) => (errors: FieldErrors): FieldErrors => ({ ...errors, [field]: undefined });

function ShopForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const openShop = useOpenShop();
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  // The address follows the name until the person types one of their own (emptying it hands it back).
  const [ownAddress, setOwnAddress] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const check = useSubdomainCheck(address);
  const host = platformHostOf(window.location.hostname);
  const nameId = useId();
  const addressId = useId();

  const changeName = (value: string) => {
    setName(value);
    setFieldErrors(without('name'));
    if (!ownAddress) {
      setAddress(suggestAddress(value));
      setFieldErrors(without('subdomain'));
    }
  };
  const changeAddress = (value: string) => {
    const next = typedAddress(value);
    setAddress(next);
    setOwnAddress(next !== '');
    setFieldErrors(without('subdomain'));
  };

  const canCreate = name.trim() !== '' && check.answer?.available === true && !openShop.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canCreate) return;
    setFormError(null);
    openShop.mutate(
      { name: name.trim(), subdomain: address },
      {
        onSuccess: () => {
          toast.success(SHOP_TEXT.created);
          void navigate('/admin', { replace: true });
        },
        onError: (error) => {
          const fields: FieldErrors = error instanceof ApiError ? { name: error.fields.name, subdomain: error.fields.subdomain } : {};
          setFieldErrors(fields);
          if (!fields.name && !fields.subdomain) setFormError(errorMessage(error, OPEN_FAILED));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}

      <div className="grid gap-1.5">
        <Label htmlFor={nameId}>Shop name</Label>
        <Input
          id={nameId}
          value={name}
          onChange={(e) => changeName(e.target.value)}
          placeholder="Fern & Clay Pottery"
          autoComplete="organization"
          maxLength={120}
          autoFocus
          aria-invalid={fieldErrors.name ? true : undefined}
          aria-describedby={fieldErrors.name ? `${nameId}-message` : undefined}
        />
        {fieldErrors.name ? <p id={`${nameId}-message`} className="text-xs text-red-600">{fieldErrors.name}</p> : null}
      </div>

      <div className="grid gap-1.5">
        <Label htmlFor={addressId}>Shop address</Label>
        <div
          className={cn(
            'flex h-9 w-full min-w-0 items-stretch overflow-hidden rounded-md border border-zinc-300 bg-white text-sm shadow-xs focus-within:border-indigo-500 focus-within:outline-2 focus-within:outline-indigo-200',
            (fieldErrors.subdomain || check.answer?.available === false) && 'border-red-500 focus-within:border-red-500 focus-within:outline-red-100',
            check.answer?.available && 'border-emerald-500 focus-within:border-emerald-500 focus-within:outline-emerald-100',
          )}
        >
          <input
            id={addressId}
            value={address}
            onChange={(e) => changeAddress(e.target.value)}
            placeholder="your-shop"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            inputMode="url"
            maxLength={SUBDOMAIN_LIMITS.max}
            className="min-w-0 flex-1 bg-transparent px-3 placeholder:text-zinc-400 focus:outline-none"
            aria-invalid={fieldErrors.subdomain || check.answer?.available === false ? true : undefined}
            aria-describedby={`${addressId}-status`}
          />
          <span className="flex max-w-[60%] shrink-0 items-center truncate border-l border-zinc-200 bg-zinc-50 px-3 text-zinc-500" title={`.${host}`}>
            .{host}
          </span>
        </div>
        <AddressStatus id={`${addressId}-status`} check={check} serverError={fieldErrors.subdomain} />
      </div>

      <Button type="submit" size="lg" className="w-full" disabled={!canCreate}>
        {openShop.isPending ? 'Creating…' : 'Create shop'}
      </Button>

      <div className="flex gap-3 rounded-lg border border-zinc-200 bg-zinc-50 p-3 text-sm text-zinc-600">
        <EyeOff className="mt-0.5 size-4 shrink-0 text-zinc-500" aria-hidden />
        <p>
          Your shop stays private, showing <span className="font-medium text-zinc-800">“{SETUP_TEXT.openingSoonTitle}”</span> to visitors,
          until you launch it from the set-up checklist.
        </p>
      </div>

      <p className="text-center text-xs text-zinc-500">
        Signed in as <span className="font-medium break-words text-zinc-700">{email}</span>. Not you?{' '}
        <Link to="/logout" className="font-medium text-zinc-700 underline underline-offset-4 hover:text-zinc-900">Sign out</Link>
      </p>
    </form>
  );
}

/** The live line under the address: checking, free (with the full address), or why not. */
function AddressStatus({ id, check, serverError }: { id: string; check: SubdomainCheckState; serverError?: string }) {
  let line: ReactNode = null;
  if (serverError) {
    line = <Bad>{serverError}</Bad>;
  } else if (check.error) {
    line = <Bad>{errorMessage(check.error, CHECK_FAILED)}</Bad>;
  } else if (check.checking) {
    line = (
      <span className="flex items-center gap-1.5 text-zinc-500">
        <Loader2 className="size-3.5 animate-spin" aria-hidden />
        Checking the address…
      </span>
    );
  } else if (check.answer?.available) {
    line = (
      <span className="flex items-start gap-1.5 text-emerald-700">
        <CheckCircle2 className="mt-px size-3.5 shrink-0" aria-hidden />
        <span>
          {check.answer.message}: <span className="font-medium break-words">{check.answer.domain}</span>
        </span>
      </span>
    );
  } else if (check.answer) {
    line = <Bad>{check.answer.message}</Bad>;
  } else {
    line = <span className="text-zinc-500">Lowercase letters, digits and hyphens. This is where shoppers find you.</span>;
  }
  return (
    <p id={id} aria-live="polite" className="min-h-4 text-xs">
      {line}
    </p>
  );
}

function Bad({ children }: { children: ReactNode }) {
  return (
    <span className="flex items-start gap-1.5 text-red-600">
      <XCircle className="mt-px size-3.5 shrink-0" aria-hidden />
      <span>{children}</span>
    </span>
  );
}
