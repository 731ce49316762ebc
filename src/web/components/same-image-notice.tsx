import { useQuery } from '@tanstack/react-query';
import { Link } from '#web/lib/router.js';
import { IMAGE_KIND_LABELS, SAME_IMAGE_MSG, ZSameImages, type TImageKind, type TSameImage } from '#shared/contracts/compliance.js';
import { apiRequest } from '#web/lib/api.js';
import { paths } from '#web/lib/paths.js';

/*
 * "Same image as order #12 (customer …)" beside a payment screenshot or a KYC photo (issue 27
 * point 4, docs/decisions/031): the other orders and submissions that hold the same image, read
 * from the server when the image is shown. Shared by Order Details and the KYC review.
 */

type TSource = { orderId: number } | { kycSubmissionId: number };

const sameImagesPath = (source: TSource) =>
  'orderId' in source
    ? `/api/admin/orders/${source.orderId}/same-images`
    : `/api/admin/kyc-submissions/${source.kycSubmissionId}/same-images`;

function useSameImages(source: TSource) {
  const path = sameImagesPath(source);
  return useQuery({
    queryKey: ['admin', 'same-images', path],
    queryFn: ({ signal }) => apiRequest(path, { schema: ZSameImages, operation: 'Checking for the same image elsewhere', signal }),
    staleTime: 0,
  });
}

/** The Order Management list searched for one order, as the compliance desk links it. */
function orderHref(id: number): string {
  return `${paths.admin.orders.getHref()}?${new URLSearchParams({ q: `#${id}` }).toString()}`;
}

function MatchLine({ match }: { match: TSameImage }) {
  if (match.orderId !== null) {
    const text = match.sameCustomer ? SAME_IMAGE_MSG.asOwnOrder(match.orderId) : SAME_IMAGE_MSG.asOrder(match.orderId, match.customerName);
    return <Link to={orderHref(match.orderId)}>{text}</Link>;
  }
  const kind = IMAGE_KIND_LABELS[match.kind];
  const text = match.sameCustomer ? SAME_IMAGE_MSG.asOwnSubmission(kind) : SAME_IMAGE_MSG.asSubmission(kind, match.customerName);
  return <Link to={paths.admin.users.profileHref(match.userId)}>{text}</Link>;
}

/**
 * The notice for the images of `source` (only `kind`'s when given); nothing while loading, on
 * error or without a match: the image itself stays the thing to look at.
 */
export function SameImageNotice({ source, kind }: { source: TSource; kind?: TImageKind }) {
  const query = useSameImages(source);
  const images = (query.data?.images ?? []).filter((image) => kind === undefined || image.kind === kind);
  const matches = images.flatMap((image) => image.matches);
  if (matches.length === 0) return null;
  const otherCustomer = matches.some((match) => !match.sameCustomer);
  return (
    <div
      role="note"
      aria-label="Same image elsewhere"
      className={
        otherCustomer
          ? 'mt-2 rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-900'
          : 'mt-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900'
      }
    >
      <ul className="space-y-1">
        {matches.map((match) => (
          <li key={`${match.orderId ?? ''}:${match.kycSubmissionId ?? ''}:${match.kind}`} className="break-words font-semibold">
            <MatchLine match={match} />
          </li>
        ))}
      </ul>
    </div>
  );
}
