/** Cash on delivery, the one payment method the shop offers. */
export function PaymentStep() {
  return (
    <fieldset className="form-card">
      <legend>Payment</legend>
      <label className="saved-address">
        <input type="radio" name="payment" value="cod" checked readOnly />
        <span>
          <strong>Cash on delivery</strong> — pay when you receive the parcel.
        </span>
      </label>
    </fieldset>
  )
}
