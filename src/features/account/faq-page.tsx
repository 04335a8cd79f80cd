import { type MessageKey, msg, t } from '../../i18n'
import '../../styles/commerce.css'

const questions: { id: string; q: MessageKey; a: MessageKey }[] = [
  { id: 'order', q: msg('account.faq-order-q'), a: msg('account.faq-order-a') },
  { id: 'delivery-charge', q: msg('account.faq-delivery-charge-q'), a: msg('account.faq-delivery-charge-a') },
  { id: 'delivery-time', q: msg('account.faq-delivery-time-q'), a: msg('account.faq-delivery-time-a') },
  { id: 'payment', q: msg('account.faq-payment-q'), a: msg('account.faq-payment-a') },
  { id: 'track', q: msg('account.faq-track-q'), a: msg('account.faq-track-a') },
  { id: 'return', q: msg('account.faq-return-q'), a: msg('account.faq-return-a') },
  { id: 'points', q: msg('account.faq-points-q'), a: msg('account.faq-points-a') },
  { id: 'support', q: msg('account.faq-support-q'), a: msg('account.faq-support-a') },
]

/** /user/faq: frequently asked questions. */
export function FaqPage() {
  return (
    <section className="commerce-page">
      <h1>{t('account.faq-title')}</h1>
      <div className="faq">
        {questions.map((item) => (
          <details key={item.id} className="form-card">
            <summary>{t(item.q)}</summary>
            <p>{t(item.a)}</p>
          </details>
        ))}
      </div>
    </section>
  )
}
