import type { DeliveryZone, LocationDivision } from '../../src/contract/addresses'

/**
 * Bangladesh's 8 divisions and 64 districts with their areas (upazilas / thanas). Dhaka city's
 * thanas are inside Dhaka; the rest of Dhaka district, Gazipur and Narayanganj are the suburbs;
 * everything else is outside Dhaka.
 *
 * Every place is [English name, Bangla name]: an address keeps the English name (the zone is looked up
 * by it, whatever language the shopper chose it in); the Bangla one is only the label.
 */
type Place = readonly [name: string, bn: string]

const dhakaCity: Place[] = [
  ['Adabor', 'আদাবর'],
  ['Badda', 'বাড্ডা'],
  ['Banani', 'বনানী'],
  ['Bangshal', 'বংশাল'],
  ['Bashundhara', 'বসুন্ধরা'],
  ['Cantonment', 'ক্যান্টনমেন্ট'],
  ['Chawkbazar', 'চকবাজার'],
  ['Dakshinkhan', 'দক্ষিণখান'],
  ['Darus Salam', 'দারুস সালাম'],
  ['Demra', 'ডেমরা'],
  ['Dhanmondi', 'ধানমন্ডি'],
  ['Gendaria', 'গেন্ডারিয়া'],
  ['Gulshan', 'গুলশান'],
  ['Hazaribagh', 'হাজারীবাগ'],
  ['Jatrabari', 'যাত্রাবাড়ী'],
  ['Kadamtali', 'কদমতলী'],
  ['Kafrul', 'কাফরুল'],
  ['Kalabagan', 'কলাবাগান'],
  ['Kamrangirchar', 'কামরাঙ্গীরচর'],
  ['Khilgaon', 'খিলগাঁও'],
  ['Khilkhet', 'খিলক্ষেত'],
  ['Kotwali', 'কোতোয়ালি'],
  ['Lalbagh', 'লালবাগ'],
  ['Mirpur', 'মিরপুর'],
  ['Mohammadpur', 'মোহাম্মদপুর'],
  ['Motijheel', 'মতিঝিল'],
  ['New Market', 'নিউ মার্কেট'],
  ['Pallabi', 'পল্লবী'],
  ['Paltan', 'পল্টন'],
  ['Ramna', 'রমনা'],
  ['Rampura', 'রামপুরা'],
  ['Sabujbagh', 'সবুজবাগ'],
  ['Shah Ali', 'শাহ আলী'],
  ['Shahbagh', 'শাহবাগ'],
  ['Sher-e-Bangla Nagar', 'শেরেবাংলা নগর'],
  ['Shyampur', 'শ্যামপুর'],
  ['Sutrapur', 'সূত্রাপুর'],
  ['Tejgaon', 'তেজগাঁও'],
  ['Turag', 'তুরাগ'],
  ['Uttara', 'উত্তরা'],
  ['Uttarkhan', 'উত্তরখান'],
  ['Vatara', 'ভাটারা'],
  ['Wari', 'ওয়ারী'],
]

const kotwali: Place = ['Kotwali', 'কোতোয়ালি']

const suburbs: Record<string, Place[]> = {
  Dhaka: [
    ['Savar', 'সাভার'],
    ['Ashulia', 'আশুলিয়া'],
    ['Keraniganj', 'কেরানীগঞ্জ'],
    ['Dhamrai', 'ধামরাই'],
    ['Dohar', 'দোহার'],
    ['Nawabganj', 'নবাবগঞ্জ'],
  ],
  Gazipur: [
    ['Gazipur Sadar', 'গাজীপুর সদর'],
    ['Tongi', 'টঙ্গী'],
    ['Kaliakair', 'কালিয়াকৈর'],
    ['Kaliganj', 'কালীগঞ্জ'],
    ['Kapasia', 'কাপাসিয়া'],
    ['Sreepur', 'শ্রীপুর'],
  ],
  Narayanganj: [
    ['Narayanganj Sadar', 'নারায়ণগঞ্জ সদর'],
    ['Siddhirganj', 'সিদ্ধিরগঞ্জ'],
    ['Fatullah', 'ফতুল্লা'],
    ['Bandar', 'বন্দর'],
    ['Rupganj', 'রূপগঞ্জ'],
    ['Sonargaon', 'সোনারগাঁও'],
    ['Araihazar', 'আড়াইহাজার'],
  ],
}

/** areas of the larger districts outside Dhaka; smaller districts get their Sadar and "Other area" */
const majorAreas: Record<string, Place[]> = {
  Chattogram: [
    kotwali,
    ['Panchlaish', 'পাঁচলাইশ'],
    ['Double Mooring', 'ডবলমুরিং'],
    ['Halishahar', 'হালিশহর'],
    ['Pahartali', 'পাহাড়তলী'],
    ['Bayazid', 'বায়েজিদ'],
    ['Chandgaon', 'চান্দগাঁও'],
    ['Khulshi', 'খুলশী'],
    ['Patenga', 'পতেঙ্গা'],
    ['Hathazari', 'হাটহাজারী'],
    ['Patiya', 'পটিয়া'],
    ['Sitakunda', 'সীতাকুণ্ড'],
    ['Raozan', 'রাউজান'],
    ['Boalkhali', 'বোয়ালখালী'],
  ],
  Sylhet: [
    ['Sylhet Sadar', 'সিলেট সদর'],
    kotwali,
    ['Jalalabad', 'জালালাবাদ'],
    ['Shah Paran', 'শাহপরাণ'],
    ['Beanibazar', 'বিয়ানীবাজার'],
    ['Golapganj', 'গোলাপগঞ্জ'],
    ['Companiganj', 'কোম্পানীগঞ্জ'],
  ],
  Rajshahi: [
    ['Boalia', 'বোয়ালিয়া'],
    ['Rajpara', 'রাজপাড়া'],
    ['Motihar', 'মতিহার'],
    ['Shah Makhdum', 'শাহ মখদুম'],
    ['Paba', 'পবা'],
    ['Godagari', 'গোদাগাড়ী'],
    ['Bagha', 'বাঘা'],
  ],
  Khulna: [
    ['Khulna Sadar', 'খুলনা সদর'],
    ['Sonadanga', 'সোনাডাঙ্গা'],
    ['Khalishpur', 'খালিশপুর'],
    ['Daulatpur', 'দৌলতপুর'],
    ['Khan Jahan Ali', 'খানজাহান আলী'],
    ['Dumuria', 'ডুমুরিয়া'],
    ['Phultala', 'ফুলতলা'],
  ],
  Barishal: [
    ['Barishal Sadar', 'বরিশাল সদর'],
    kotwali,
    ['Bakerganj', 'বাকেরগঞ্জ'],
    ['Babuganj', 'বাবুগঞ্জ'],
    ['Gournadi', 'গৌরনদী'],
  ],
  Rangpur: [
    ['Rangpur Sadar', 'রংপুর সদর'],
    kotwali,
    ['Mithapukur', 'মিঠাপুকুর'],
    ['Pirganj', 'পীরগঞ্জ'],
    ['Badarganj', 'বদরগঞ্জ'],
  ],
  Mymensingh: [
    ['Mymensingh Sadar', 'ময়মনসিংহ সদর'],
    kotwali,
    ['Trishal', 'ত্রিশাল'],
    ['Bhaluka', 'ভালুকা'],
    ['Muktagachha', 'মুক্তাগাছা'],
  ],
  Cumilla: [
    ['Cumilla Sadar', 'কুমিল্লা সদর'],
    kotwali,
    ['Chauddagram', 'চৌদ্দগ্রাম'],
    ['Daudkandi', 'দাউদকান্দি'],
    ['Laksam', 'লাকসাম'],
    ['Debidwar', 'দেবিদ্বার'],
  ],
  "Cox's Bazar": [
    ["Cox's Bazar Sadar", 'কক্সবাজার সদর'],
    ['Ramu', 'রামু'],
    ['Teknaf', 'টেকনাফ'],
    ['Ukhia', 'উখিয়া'],
    ['Chakaria', 'চকরিয়া'],
  ],
  Bogura: [
    ['Bogura Sadar', 'বগুড়া সদর'],
    ['Sherpur', 'শেরপুর'],
    ['Shibganj', 'শিবগঞ্জ'],
    ['Dhunat', 'ধুনট'],
  ],
  Jashore: [
    ['Jashore Sadar', 'যশোর সদর'],
    ['Benapole', 'বেনাপোল'],
    ['Jhikargachha', 'ঝিকরগাছা'],
    ['Abhaynagar', 'অভয়নগর'],
  ],
  Tangail: [
    ['Tangail Sadar', 'টাঙ্গাইল সদর'],
    ['Mirzapur', 'মির্জাপুর'],
    ['Madhupur', 'মধুপুর'],
    ['Gopalpur', 'গোপালপুর'],
  ],
  Narsingdi: [
    ['Narsingdi Sadar', 'নরসিংদী সদর'],
    ['Palash', 'পলাশ'],
    ['Shibpur', 'শিবপুর'],
    ['Monohardi', 'মনোহরদী'],
  ],
  Munshiganj: [
    ['Munshiganj Sadar', 'মুন্সীগঞ্জ সদর'],
    ['Sreenagar', 'শ্রীনগর'],
    ['Lohajang', 'লৌহজং'],
    ['Tongibari', 'টংগিবাড়ী'],
  ],
  Manikganj: [
    ['Manikganj Sadar', 'মানিকগঞ্জ সদর'],
    ['Singair', 'সিংগাইর'],
    ['Saturia', 'সাটুরিয়া'],
  ],
}

const divisions: { division: Place; districts: Place[] }[] = [
  {
    division: ['Dhaka', 'ঢাকা'],
    districts: [
      ['Dhaka', 'ঢাকা'],
      ['Faridpur', 'ফরিদপুর'],
      ['Gazipur', 'গাজীপুর'],
      ['Gopalganj', 'গোপালগঞ্জ'],
      ['Kishoreganj', 'কিশোরগঞ্জ'],
      ['Madaripur', 'মাদারীপুর'],
      ['Manikganj', 'মানিকগঞ্জ'],
      ['Munshiganj', 'মুন্সীগঞ্জ'],
      ['Narayanganj', 'নারায়ণগঞ্জ'],
      ['Narsingdi', 'নরসিংদী'],
      ['Rajbari', 'রাজবাড়ী'],
      ['Shariatpur', 'শরীয়তপুর'],
      ['Tangail', 'টাঙ্গাইল'],
    ],
  },
  {
    division: ['Chattogram', 'চট্টগ্রাম'],
    districts: [
      ['Bandarban', 'বান্দরবান'],
      ['Brahmanbaria', 'ব্রাহ্মণবাড়িয়া'],
      ['Chandpur', 'চাঁদপুর'],
      ['Chattogram', 'চট্টগ্রাম'],
      ["Cox's Bazar", 'কক্সবাজার'],
      ['Cumilla', 'কুমিল্লা'],
      ['Feni', 'ফেনী'],
      ['Khagrachhari', 'খাগড়াছড়ি'],
      ['Lakshmipur', 'লক্ষ্মীপুর'],
      ['Noakhali', 'নোয়াখালী'],
      ['Rangamati', 'রাঙ্গামাটি'],
    ],
  },
  {
    division: ['Rajshahi', 'রাজশাহী'],
    districts: [
      ['Bogura', 'বগুড়া'],
      ['Chapainawabganj', 'চাঁপাইনবাবগঞ্জ'],
      ['Joypurhat', 'জয়পুরহাট'],
      ['Naogaon', 'নওগাঁ'],
      ['Natore', 'নাটোর'],
      ['Pabna', 'পাবনা'],
      ['Rajshahi', 'রাজশাহী'],
      ['Sirajganj', 'সিরাজগঞ্জ'],
    ],
  },
  {
    division: ['Khulna', 'খুলনা'],
    districts: [
      ['Bagerhat', 'বাগেরহাট'],
      ['Chuadanga', 'চুয়াডাঙ্গা'],
      ['Jashore', 'যশোর'],
      ['Jhenaidah', 'ঝিনাইদহ'],
      ['Khulna', 'খুলনা'],
      ['Kushtia', 'কুষ্টিয়া'],
      ['Magura', 'মাগুরা'],
      ['Meherpur', 'মেহেরপুর'],
      ['Narail', 'নড়াইল'],
      ['Satkhira', 'সাতক্ষীরা'],
    ],
  },
  {
    division: ['Barishal', 'বরিশাল'],
    districts: [
      ['Barguna', 'বরগুনা'],
      ['Barishal', 'বরিশাল'],
      ['Bhola', 'ভোলা'],
      ['Jhalokati', 'ঝালকাঠি'],
      ['Patuakhali', 'পটুয়াখালী'],
      ['Pirojpur', 'পিরোজপুর'],
    ],
  },
  {
    division: ['Sylhet', 'সিলেট'],
    districts: [
      ['Habiganj', 'হবিগঞ্জ'],
      ['Moulvibazar', 'মৌলভীবাজার'],
      ['Sunamganj', 'সুনামগঞ্জ'],
      ['Sylhet', 'সিলেট'],
    ],
  },
  {
    division: ['Rangpur', 'রংপুর'],
    districts: [
      ['Dinajpur', 'দিনাজপুর'],
      ['Gaibandha', 'গাইবান্ধা'],
      ['Kurigram', 'কুড়িগ্রাম'],
      ['Lalmonirhat', 'লালমনিরহাট'],
      ['Nilphamari', 'নীলফামারী'],
      ['Panchagarh', 'পঞ্চগড়'],
      ['Rangpur', 'রংপুর'],
      ['Thakurgaon', 'ঠাকুরগাঁও'],
    ],
  },
  {
    division: ['Mymensingh', 'ময়মনসিংহ'],
    districts: [
      ['Jamalpur', 'জামালপুর'],
      ['Mymensingh', 'ময়মনসিংহ'],
      ['Netrokona', 'নেত্রকোণা'],
      ['Sherpur', 'শেরপুর'],
    ],
  },
]

/** an area of a delivery zone, as the list answers it */
const inZone =
  (zone: DeliveryZone) =>
  ([name, bn]: Place) => ({ name, bn, zone })

function areasOf([district, districtBn]: Place): { name: string; bn: string; zone: DeliveryZone }[] {
  if (district === 'Dhaka') {
    return [...dhakaCity.map(inZone('inside_dhaka')), ...(suburbs.Dhaka ?? []).map(inZone('dhaka_suburbs'))]
  }
  const suburb = suburbs[district]
  if (suburb) return suburb.map(inZone('dhaka_suburbs'))
  const places = majorAreas[district] ?? [
    [`${district} Sadar`, `${districtBn} সদর`],
    ['Other area', 'অন্যান্য এলাকা'],
  ]
  return places.map(inZone('outside_dhaka'))
}

export const bdLocations: LocationDivision[] = divisions.map(({ division: [name, bn], districts }) => ({
  name,
  bn,
  districts: districts.map((district) => ({ name: district[0], bn: district[1], areas: areasOf(district) })),
}))

/** The delivery zone of a division/district/area, or null when the place is not one of ours. */
export function zoneOf(division: string, district: string, area: string): DeliveryZone | null {
  const found = bdLocations
    .find((d) => d.name === division)
    ?.districts.find((d) => d.name === district)
    ?.areas.find((a) => a.name === area)
  return found?.zone ?? null
}

/**
 * An address's places as a Bangla page names them (an address keeps the English names); a place that is not
 * one of ours keeps the name it has.
 */
export function placesInBangla(division: string, district: string, area: string) {
  const inDivision = bdLocations.find((d) => d.name === division)
  const inDistrict = inDivision?.districts.find((d) => d.name === district)
  const inArea = inDistrict?.areas.find((a) => a.name === area)
  return {
    division: inDivision?.bn || division,
    district: inDistrict?.bn || district,
    area: inArea?.bn || area,
  }
}
