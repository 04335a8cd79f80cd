import { useEffect } from 'react'
import type { TransferWallet } from '../../contract/orders'
import { msg, t, taka } from '../../i18n'
import { Field } from '../../ui/field'
import { useCheckoutShop } from './checkout-shop'

const walletNames = {
  bkash: msg('checkout.wallet-bkash'),
  nagad: msg('checkout.wallet-nagad'),
  rocket: msg('checkout.wallet-rocket'),
} as const
const isWallet = (wallet: string): wallet is TransferWallet => wallet in walletNames

export type TransferDraft = { wallet: string; transactionId: string; sender: string }
export const emptyTransfer: TransferDraft = { wallet: '', transactionId: '', sender: '' }

/** "Send Money" to the shop: where to send how much, then the transaction ID and the number it came from. */
export function TransferFields({
  draft,
  onChange,
  total,
  fieldError,
}: {
  draft: TransferDraft
  onChange: (draft: TransferDraft) => void
  total: number | undefined
  fieldError: (field: string) => string | undefined
}) {
  const wallets = useCheckoutShop().transferTo.filter((to) => isWallet(to.wallet))
  const chosen = wallets.find((to) => to.wallet === draft.wallet) ?? wallets[0]
  // the first wallet is the one chosen until the shopper picks another
  useEffect(() => {
    if (chosen && draft.wallet !== chosen.wallet) onChange({ ...draft, wallet: chosen.wallet })
  }, [chosen, draft, onChange])
  return (
    <div className="transfer-fields">
      <fieldset>
        <legend>{t('checkout.transfer-wallet')}</legend>
        {wallets.map((to) => (
          <label key={to.wallet} className="saved-address">
            <input
              type="radio"
              name="transfer-wallet"
              value={to.wallet}
              checked={chosen?.wallet === to.wallet}
              onChange={() => onChange({ ...draft, wallet: to.wallet })}
            />
            <span>{isWallet(to.wallet) ? t(walletNames[to.wallet]) : to.wallet}</span>
          </label>
        ))}
      </fieldset>
      {chosen && total !== undefined && (
        <p className="notice" data-testid="transfer-instruction">
          {t('checkout.transfer-send', { amount: taka(total), number: chosen.number })}
        </p>
      )}
      <Field
        label={t('checkout.transfer-id')}
        value={draft.transactionId}
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={20}
        error={fieldError('transfer.transactionId') ?? fieldError('transfer')}
        onChange={(event) => onChange({ ...draft, transactionId: event.target.value })}
      />
      <Field
        label={t('checkout.transfer-sender')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={draft.sender}
        error={fieldError('transfer.sender')}
        onChange={(event) => onChange({ ...draft, sender: event.target.value })}
      />
    </div>
  )
}
