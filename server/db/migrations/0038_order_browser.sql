-- what the ad platforms know the placing browser by (_fbp, _fbc, _ga, user agent, page): the Conversions API purchase names it
ALTER TABLE "orders" ADD COLUMN "browser" jsonb;