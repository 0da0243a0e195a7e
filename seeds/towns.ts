export type TownType = 'Township' | 'Borough' | 'City';
export type County = 'Ocean' | 'Cape May';

/** One municipality with a local landing page. */
export interface Town {
  /** The place as people call it, without its type: 'Toms River', 'Ocean City', 'Cape May'. */
  name: string;
  type: TownType;
  county: County;
  /** Two or three sentences about this town in particular. */
  intro: string;
  /** How people in this town use golf carts and low-speed vehicles. */
  cartUse: string;
  /** Names of nearby towns that also have pages, for the "also serving" line. */
  neighbors: string[];
  /** A fixed map embed centered on the town, or null to let the page build one from the name. */
  mapEmbedUrl: string | null;
}

/**
 * The 33 specified Ocean County places and the 16 Cape May County municipalities the
 * home page promises (docs/decisions/003-specification-decisions.md#towns). Texts state only well-known, general facts about each place.
 */
export const towns: Town[] = [
  // Ocean County
  {
    name: 'Barnegat',
    type: 'Township',
    county: 'Ocean',
    intro:
      'Barnegat runs from the edge of the Pine Barrens down to Barnegat Bay, with a historic village along Route 9 at its heart. Newer neighborhoods and active adult communities sit a short drive from the bayfront, where the town dock looks across the water toward Long Beach Island.',
    cartUse: 'Residents ride carts around their communities to the clubhouse and pool, and down to the bayfront dock on summer evenings.',
    neighbors: ['Ocean', 'Stafford', 'Lacey'],
    mapEmbedUrl: null,
  },
  {
    name: 'Barnegat Light',
    type: 'Borough',
    county: 'Ocean',
    intro:
      'Barnegat Light sits at the northern tip of Long Beach Island, where "Old Barney", the Barnegat Lighthouse, stands watch over Barnegat Inlet. It is a quiet place of summer cottages and a working commercial fishing harbor, busy in July and August and peaceful the rest of the year.',
    cartUse: 'A cart covers the short trips here: from the cottage to the ocean beach, over to the lighthouse park, or down to the docks for fresh fish.',
    neighbors: ['Long Beach', 'Harvey Cedars'],
    mapEmbedUrl: null,
  },
  {
    name: 'Bay Head',
    type: 'Borough',
    county: 'Ocean',
    intro:
      'Bay Head is the northernmost barrier-island town in Ocean County, at the head of Barnegat Bay. Its shingled houses, quiet beach and small Twilight Lake give it an old-fashioned feel, and the North Jersey Coast Line ends at its station.',
    cartUse: 'Families use carts to get to the beach with chairs and coolers, to the shops in the small downtown and to meet the train.',
    neighbors: ['Point Pleasant Beach', 'Mantoloking', 'Point Pleasant'],
    mapEmbedUrl: null,
  },
  {
    name: 'Beach Haven',
    type: 'Borough',
    county: 'Ocean',
    intro:
      "Beach Haven grew up as a Victorian resort on the southern end of Long Beach Island, and its historic district still has many of the old summer homes. Today it is the island's liveliest town, with a family amusement park, a summer theater scene and marinas on the bay.",
    cartUse: 'On busy summer days a cart beats hunting for parking: residents and renters ride side streets to the beach, the bayfront and dinner in town.',
    neighbors: ['Long Beach', 'Ship Bottom', 'Surf City'],
    mapEmbedUrl: null,
  },
  {
    name: 'Beachwood',
    type: 'Borough',
    county: 'Ocean',
    intro:
      'Beachwood is a small residential borough on the south shore of the Toms River, close to where the river opens into Barnegat Bay. Its neighborhood streets lead down to a sandy river beach and a marina that are the center of summer life.',
    cartUse: 'Residents ride to the river beach and marina, and use carts for quick trips around the quiet, tree-lined streets.',
    neighbors: ['Pine Beach', 'South Toms River', 'Berkeley'],
    mapEmbedUrl: null,
  },
  {
    name: 'Berkeley',
    type: 'Township',
    county: 'Ocean',
    intro:
      'Berkeley stretches from the pinelands of Double Trouble State Park through Bayville and Holiday City to Barnegat Bay, and even includes South Seaside Park and Island Beach State Park on the barrier island. It is home to some of the largest active adult communities at the shore.',
    cartUse:
      'In the adult communities carts are everyday transport to the clubhouse, pool and neighbors, while Bayville families use them on their own streets and near the bay.',
    neighbors: ['Toms River', 'Lacey', 'Ocean Gate', 'Seaside Park'],
    mapEmbedUrl: 'https://www.google.com/maps?q=39.9093,-74.1546&z=12&output=embed',
  },
  {
    name: 'Brick',
    type: 'Township',
    county: 'Ocean',
    intro:
      'Brick is one of the largest towns in Ocean County, with miles of waterfront on the Metedeconk River and Barnegat Bay and a short stretch of ocean beach on the barrier island. Lagoon neighborhoods with boats at the back door are a big part of its character.',
    cartUse: "Owners in the lagoon neighborhoods ride to the marina and the neighbors' docks, and families take carts to the township's beaches and parks.",
    neighbors: ['Point Pleasant', 'Lakewood', 'Toms River', 'Mantoloking'],
    mapEmbedUrl: 'https://www.google.com/maps?q=40.0600,-74.1071&z=12&output=embed',
  },
  {
    name: 'Eagleswood',
    type: 'Township',
    county: 'Ocean',
    intro:
      'Eagleswood is a small, rural township on the mainland around the village of West Creek. Much of it is salt marsh along the bay, part of the Edwin B. Forsythe National Wildlife Refuge, with woods and open land inland.',
    cartUse: 'Here a utility cart earns its keep on larger properties and gardens, and gets anglers and crabbers down to the bay creeks.',
    neighbors: ['Stafford', 'Little Egg Harbor', 'Tuckerton'],
    mapEmbedUrl: null,
  },
  {
    name: 'Harvey Cedars',
    type: 'Borough',
    county: 'Ocean',
    intro:
      'Harvey Cedars is a quiet, mostly residential borough on the northern half of Long Beach Island. The island is slim here, so the ocean beach and the bay are only a few blocks apart, and sailing and paddling on the bay are favorite pastimes.',
    cartUse: 'Carts make the few blocks between the ocean beach, the bay and home easy, with room for beach gear and kids.',
    neighbors: ['Long Beach', 'Barnegat Light', 'Surf City'],
    mapEmbedUrl: null,
  },
  {
    name: 'Island Heights',
    type: 'Borough',
    county: 'Ocean',
    intro:
      'Island Heights began in the 1870s as a Methodist camp meeting on a bluff above the Toms River, and its Victorian homes still line the hill. The town has a long sailing tradition, and its riverfront parks and docks draw people down the hill all summer.',
    cartUse: 'Residents use carts to get up and down the hill between their homes and the riverfront, especially on race and event days.',
    neighbors: ['Toms River', 'Pine Beach', 'Ocean Gate'],
    mapEmbedUrl: null,
  },
  {
    name: 'Jackson',
    type: 'Township',
    county: 'Ocean',
    intro:
      'Jackson is a large inland township in the northwest of Ocean County, best known as the home of a major theme park and safari. Beyond the park it mixes suburban neighborhoods and adult communities with farms, horse properties, lakes and pine woods.',
    cartUse: 'Owners of larger lots and farms use utility carts for chores and hauling, and residents of the adult communities ride them to the clubhouse.',
    neighbors: ['Lakewood', 'Plumsted', 'Manchester'],
    mapEmbedUrl: 'https://www.google.com/maps?q=40.1010,-74.3570&z=11&output=embed',
  },
  {
    name: 'Lacey',
    type: 'Township',
    county: 'Ocean',
    intro:
      'Lacey reaches from the Pine Barrens to Barnegat Bay, with Forked River and Lanoka Harbor as its main communities. Lagoons and marinas along the Forked River give many homes direct access to the bay.',
    cartUse: 'Along the Forked River lagoons a cart is how many people get to the boat, and neighbors ride them to visit each other on summer evenings.',
    neighbors: ['Berkeley', 'Ocean', 'Barnegat'],
    mapEmbedUrl: null,
  },
  {
    name: 'Lakehurst',
    type: 'Borough',
    county: 'Ocean',
    intro:
      'Lakehurst is a small borough best known for the neighboring naval air station, where the airship Hindenburg came down in 1937. Its compact streets surround Lake Horicon, a favorite spot for a summer swim.',
    cartUse: 'The borough is compact enough that a cart handles most local errands, and residents ride around the lake and to neighbors.',
    neighbors: ['Manchester', 'Jackson'],
    mapEmbedUrl: null,
  },
  {
    name: 'Lakewood',
    type: 'Township',
    county: 'Ocean',
    intro:
      "Lakewood is Ocean County's most populous town, and a century ago it was a fashionable winter resort among the pines. Lake Carasaljo runs through the town, and former Gilded Age estates are now Ocean County Park and Georgian Court University.",
    cartUse: 'Carts are used on private community roads and campuses, and facilities teams rely on utility carts to move people and equipment.',
    neighbors: ['Brick', 'Jackson', 'Toms River'],
    mapEmbedUrl: 'https://www.google.com/maps?q=40.0979,-74.2176&z=12&output=embed',
  },
  {
    name: 'Lavallette',
    type: 'Borough',
    county: 'Ocean',
    intro:
      'Lavallette is a family beach town on the barrier island, a few blocks wide between the ocean and Barnegat Bay. Its boardwalk has no amusements, and life centers on the ocean beach, the bayfront park and summer evenings on the water.',
    cartUse: 'Summer residents ride the short beach blocks between the ocean and the bay with chairs and umbrellas on board, instead of moving the car.',
    neighbors: ['Toms River', 'Seaside Heights', 'Brick'],
    mapEmbedUrl: null,
  },
  {
    name: 'Little Egg Harbor',
    type: 'Township',
    county: 'Ocean',
    intro:
      'Little Egg Harbor lies at the southern end of Ocean County, where the mainland meets Great Bay and the marshes of the Forsythe refuge. Mystic Island, its lagoon community, gives many homes a dock on the water, and active adult communities sit further inland.',
    cartUse: 'In Mystic Island carts run between houses, docks and the marinas on Great Bay, and inland communities use them to reach the pool and clubhouse.',
    neighbors: ['Tuckerton', 'Eagleswood', 'Stafford'],
    mapEmbedUrl: null,
  },
  {
    name: 'Long Beach',
    type: 'Township',
    county: 'Ocean',
    intro:
      "Long Beach Township governs most of Long Beach Island in separate sections, from Loveladies and North Beach to Brant Beach and Holgate at the island's southern tip. It is an island of beach houses and summer rentals, with the ocean on one side and the bay a few blocks away.",
    cartUse: 'Low-speed vehicles are a fixture on the island: families ride from rental houses to the beach entrances, to the bay for sunset and to shops and ice cream.',
    neighbors: ['Ship Bottom', 'Surf City', 'Harvey Cedars', 'Beach Haven'],
    mapEmbedUrl: 'https://www.google.com/maps?q=39.6148,-74.2057&z=12&output=embed',
  },
  {
    name: 'Manchester',
    type: 'Township',
    county: 'Ocean',
    intro:
      "Manchester is a large township of pine forest and lakes in central Ocean County, taking in Whiting, Pine Lake Park and Ridgeway. It is home to many of the county's active adult communities, each with its own clubhouse and activities.",
    cartUse: 'In the adult communities around Whiting a cart is the easy way to reach the clubhouse, pool, mailbox and neighbors.',
    neighbors: ['Lakehurst', 'Toms River', 'Berkeley', 'Jackson'],
    mapEmbedUrl: null,
  },
  {
    name: 'Mantoloking',
    type: 'Borough',
    county: 'Ocean',
    intro:
      'Mantoloking is one of the smallest boroughs on the barrier island, a narrow strip of large homes between the ocean and Barnegat Bay. It is quiet and residential, with no boardwalk, and sailing on the bay is a long local tradition.',
    cartUse: 'Residents ride carts down the quiet streets to the beach and to the bay docks, leaving the car in the driveway.',
    neighbors: ['Bay Head', 'Brick', 'Lavallette'],
    mapEmbedUrl: null,
  },
  {
    name: 'Ocean Gate',
    type: 'Borough',
    county: 'Ocean',
    intro:
      'Ocean Gate is a small bayside borough where the Toms River meets Barnegat Bay. It started as a summer colony, and its boardwalk along the bay, small beach and bungalow streets keep that relaxed feel.',
    cartUse: "Neighbors ride to the bayfront boardwalk and beach, and use carts for short trips across the borough's few square blocks.",
    neighbors: ['Berkeley', 'Pine Beach', 'Island Heights'],
    mapEmbedUrl: null,
  },
  {
    name: 'Ocean',
    type: 'Township',
    county: 'Ocean',
    intro:
      'Ocean Township, centered on Waretown, sits between the Pine Barrens and Barnegat Bay. Marinas and lagoon homes line the bay shore, and the town is known for its long tradition of Pinelands music.',
    cartUse: "Waretown boaters ride from home to the bay marinas with their gear, and retirees in the township's communities use carts for daily errands close to home.",
    neighbors: ['Lacey', 'Barnegat', 'Stafford'],
    mapEmbedUrl: null,
  },
  {
    name: 'Pine Beach',
    type: 'Borough',
    county: 'Ocean',
    intro:
      'Pine Beach is a leafy, quiet place of tall pines and older homes facing the wide lower Toms River. Streets slope down to the water, where a yacht club and a small beach keep sailing at the heart of summer.',
    cartUse: 'Residents use carts to reach the riverfront, the yacht club and the neighbors without taking out the car.',
    neighbors: ['Beachwood', 'Ocean Gate', 'Island Heights', 'Berkeley'],
    mapEmbedUrl: null,
  },
  {
    name: 'Plumsted',
    type: 'Township',
    county: 'Ocean',
    intro:
      'Plumsted, with the village of New Egypt at its center, is the most rural corner of Ocean County. Farms, horse properties and open fields stretch toward the edge of the Pinelands.',
    cartUse: 'Farm and horse owners rely on utility carts to carry feed, tools and fencing around the property, and families use them to get around large lots.',
    neighbors: ['Jackson', 'Manchester', 'Lakehurst'],
    mapEmbedUrl: null,
  },
  {
    name: 'Point Pleasant',
    type: 'Borough',
    county: 'Ocean',
    intro:
      'Point Pleasant sits on the mainland between the Manasquan River and Barnegat Bay, joined by the Point Pleasant Canal. Much of the borough is waterfront, with lagoons, marinas and homes that keep a boat out back.',
    cartUse: 'Families ride carts between the house, the marina and friends along the canal and the lagoons, where parking is tight in summer.',
    neighbors: ['Point Pleasant Beach', 'Bay Head', 'Brick'],
    mapEmbedUrl: null,
  },
  {
    name: 'Point Pleasant Beach',
    type: 'Borough',
    county: 'Ocean',
    intro:
      'Point Pleasant Beach is a classic shore town with a boardwalk of rides, arcades and an aquarium. At its north end the Manasquan Inlet is home to charter and commercial fishing boats.',
    cartUse: 'Residents and summer renters ride carts to the beach and the inlet, skipping the search for parking near the boardwalk.',
    neighbors: ['Point Pleasant', 'Bay Head'],
    mapEmbedUrl: 'https://www.google.com/maps?q=40.0912,-74.0479&z=14&output=embed',
  },
  {
    name: 'Seaside Heights',
    type: 'Borough',
    county: 'Ocean',
    intro:
      "Seaside Heights is the barrier island's boardwalk town, with amusement piers, arcades and summer nightlife. Rental homes and motels fill the blocks between the beach and the bay.",
    cartUse: 'Summer renters and owners use carts to reach the beach and the boardwalk, where parking is scarce in season.',
    neighbors: ['Seaside Park', 'Toms River', 'Lavallette'],
    mapEmbedUrl: null,
  },
  {
    name: 'Seaside Park',
    type: 'Borough',
    county: 'Ocean',
    intro:
      'Seaside Park is a quieter, family-oriented beach town just south of the boardwalk crowds, and the gateway to Island Beach State Park. Its streets run from the ocean beach across to the bayfront.',
    cartUse: 'Families ride carts to the ocean and bay beaches and around town, keeping the car parked for the whole stay.',
    neighbors: ['Seaside Heights', 'Berkeley'],
    mapEmbedUrl: null,
  },
  {
    name: 'Ship Bottom',
    type: 'Borough',
    county: 'Ocean',
    intro:
      'Ship Bottom is where the Causeway lands on Long Beach Island, making it the first stop for most visitors. The borough takes its name from a shipwreck legend, and its shops and beaches are busy all summer.',
    cartUse: 'Residents and renters use carts for beach trips and errands, staying off the busy roads near the Causeway.',
    neighbors: ['Surf City', 'Long Beach', 'Stafford'],
    mapEmbedUrl: null,
  },
  {
    name: 'Surf City',
    type: 'Borough',
    county: 'Ocean',
    intro: 'Surf City is a small family beach town in the middle of Long Beach Island. Its blocks of summer homes lie between a wide ocean beach and the bay.',
    cartUse: 'Families ride carts down to the beach, over to the bay and out for ice cream, a fixture of island summers.',
    neighbors: ['Ship Bottom', 'Long Beach', 'Harvey Cedars'],
    mapEmbedUrl: null,
  },
  {
    name: 'South Toms River',
    type: 'Borough',
    county: 'Ocean',
    intro:
      'South Toms River looks across the river at downtown Toms River, the county seat, from its own compact square mile of homes. Route 9 and the Garden State Parkway pass right by, putting the beaches and the pinelands within easy reach.',
    cartUse: 'Residents use carts for short neighborhood trips and rides down to the riverfront.',
    neighbors: ['Beachwood', 'Toms River', 'Berkeley', 'Manchester'],
    mapEmbedUrl: null,
  },
  {
    name: 'Stafford',
    type: 'Township',
    county: 'Ocean',
    intro:
      'Stafford, centered on Manahawkin, is the mainland gateway to Long Beach Island along Route 72. It takes in the lagoon homes of Beach Haven West, Cedar Bonnet Island and active adult communities, with the pinelands to the west.',
    cartUse:
      "In Beach Haven West a cart carries gear down to the boat and visits the neighbors' docks, while Manahawkin's adult communities use them to reach the clubhouse.",
    neighbors: ['Ship Bottom', 'Barnegat', 'Eagleswood', 'Long Beach'],
    mapEmbedUrl: 'https://www.google.com/maps?q=39.6954,-74.2588&z=12&output=embed',
  },
  {
    name: 'Toms River',
    type: 'Township',
    county: 'Ocean',
    intro:
      'Toms River is the Ocean County seat, with a historic downtown on the river of the same name. The township reaches from the mainland to Ortley Beach on the barrier island, and is home to waterfront neighborhoods and many active adult communities.',
    cartUse: 'Carts serve adult communities, bay and river neighborhoods, and summer homes near Ortley Beach, where they make beach trips easy.',
    neighbors: ['Island Heights', 'South Toms River', 'Brick', 'Berkeley'],
    mapEmbedUrl: 'https://www.google.com/maps?q=39.9537,-74.1979&z=12&output=embed',
  },
  {
    name: 'Tuckerton',
    type: 'Borough',
    county: 'Ocean',
    intro:
      'Tuckerton is one of the oldest maritime communities on the Jersey Shore, with a seaport heritage village on Tuckerton Creek. Lake Pohatcong sits at the center of town, and the baymen and decoy-carving traditions are still celebrated.',
    cartUse: 'Residents ride carts around the compact town, to the lake and down to the creek and the seaport events.',
    neighbors: ['Little Egg Harbor', 'Eagleswood'],
    mapEmbedUrl: null,
  },

  // Cape May County
  {
    name: 'Avalon',
    type: 'Borough',
    county: 'Cape May',
    intro:
      'Avalon shares Seven Mile Island with Stone Harbor and calls itself "cooler by a mile", because it reaches a mile further into the ocean than its neighbors. High natural dunes line its beaches, and bayside marinas serve its boaters.',
    cartUse: 'Summer residents ride carts to the beach paths over the dunes, to the shops in town and to the bay for sunset.',
    neighbors: ['Stone Harbor', 'Middle', 'Sea Isle City'],
    mapEmbedUrl: null,
  },
  {
    name: 'Cape May',
    type: 'City',
    county: 'Cape May',
    intro:
      "Cape May is often called the nation's oldest seaside resort, and the whole city is a National Historic Landmark full of painted Victorian houses. Visitors stroll the beachfront promenade and the Washington Street Mall, and bird watchers arrive for the spring and fall migrations.",
    cartUse: 'Carts suit the narrow Victorian streets, where parking is scarce: residents and guests ride between the beach, the promenade and the shops.',
    neighbors: ['West Cape May', 'Cape May Point', 'Lower'],
    mapEmbedUrl: 'https://www.google.com/maps?q=38.9351,-74.9060&z=14&output=embed',
  },
  {
    name: 'Cape May Point',
    type: 'Borough',
    county: 'Cape May',
    intro:
      'Cape May Point is a tiny, quiet borough at the southern tip of New Jersey, where Delaware Bay meets the Atlantic. Cottages line its sandy lanes next to the state park and its lighthouse, and the point is famous for bird migration and sunsets over the bay.',
    cartUse: 'Residents ride carts along the quiet lanes to the beach, the state park and the best sunset spots.',
    neighbors: ['Lower', 'West Cape May', 'Cape May'],
    mapEmbedUrl: null,
  },
  {
    name: 'Dennis',
    type: 'Township',
    county: 'Cape May',
    intro:
      'Dennis is a rural mainland township with historic Dennisville, South Seaville and Ocean View, stretching from Belleplain State Forest to the Delaware Bay marshes. Farms, woods and seasonal campgrounds make up much of it.',
    cartUse: 'Campground owners and seasonal campers around Ocean View rely on carts to get around the sites, and farm owners haul with utility models.',
    neighbors: ['Upper', 'Middle', 'Woodbine'],
    mapEmbedUrl: null,
  },
  {
    name: 'Lower',
    type: 'Township',
    county: 'Cape May',
    intro:
      'Lower Township covers the southern tip of the Cape May peninsula around Cape May, including Villas, North Cape May, Erma and Diamond Beach. It has quiet Delaware Bay beaches, the terminal of the Cape May–Lewes Ferry, and an ocean beach next to Wildwood Crest.',
    cartUse: 'Residents of the bayside neighborhoods ride carts to the bay beaches, and Diamond Beach visitors use them to get to the ocean.',
    neighbors: ['Cape May', 'West Cape May', 'Middle', 'Wildwood Crest'],
    mapEmbedUrl: null,
  },
  {
    name: 'Middle',
    type: 'Township',
    county: 'Cape May',
    intro:
      'Middle Township is home to Cape May Court House, the county seat, and to the free Cape May County Park and Zoo. It spans the middle of the peninsula, from the back-bay marshes to Delaware Bay, with communities such as Rio Grande and Burleigh.',
    cartUse: 'Residents of Cape May Court House ride carts around town, and owners of rural lots toward Delaware Bay use utility carts for yard and garden work.',
    neighbors: ['Lower', 'Dennis', 'Stone Harbor', 'Avalon'],
    mapEmbedUrl: 'https://www.google.com/maps?q=39.0826,-74.8238&z=12&output=embed',
  },
  {
    name: 'North Wildwood',
    type: 'City',
    county: 'Cape May',
    intro:
      'North Wildwood sits at the northern end of the Wildwoods, where the Hereford Inlet Lighthouse looks out over the inlet. Its wide beaches, boardwalk and old Anglesea fishing neighborhood make it a favorite for families and anglers.',
    cartUse: 'Summer residents ride carts across the wide beach blocks, to the boardwalk and to the fishing docks.',
    neighbors: ['Wildwood', 'West Wildwood', 'Middle'],
    mapEmbedUrl: null,
  },
  {
    name: 'Ocean City',
    type: 'City',
    county: 'Cape May',
    intro:
      'Ocean City, "America\'s Greatest Family Resort", was founded by Methodist ministers in 1879 and is still a dry town. Its long boardwalk, family beaches and quiet residential blocks fill with families every summer.',
    cartUse: 'Families ride carts from summer homes to the beach blocks and the boardwalk entrances, and residents use them for errands around the island.',
    neighbors: ['Upper', 'Sea Isle City'],
    mapEmbedUrl: 'https://www.google.com/maps?q=39.2776,-74.5746&z=12&output=embed',
  },
  {
    name: 'Sea Isle City',
    type: 'City',
    county: 'Cape May',
    intro:
      'Sea Isle City sits on Ludlam Island between Strathmere and Townsends Inlet. Its beachfront promenade, summer rental homes and bayside fishing make it a lively place from Memorial Day to Labor Day.',
    cartUse: 'Renters and owners ride carts to the beach and the promenade, and out to the bay for fishing and crabbing.',
    neighbors: ['Upper', 'Avalon', 'Dennis'],
    mapEmbedUrl: null,
  },
  {
    name: 'Stone Harbor',
    type: 'Borough',
    county: 'Cape May',
    intro:
      'Stone Harbor shares Seven Mile Island with Avalon, with shops and restaurants along 96th Street and the undeveloped beaches of Stone Harbor Point at its southern end. It has long been known for its bird sanctuary and bayside nature.',
    cartUse: 'Residents and guests ride carts to the beach, to the 96th Street shops and down toward the Point.',
    neighbors: ['Avalon', 'Middle', 'North Wildwood'],
    mapEmbedUrl: null,
  },
  {
    name: 'Upper',
    type: 'Township',
    county: 'Cape May',
    intro:
      'Upper Township is the northernmost part of Cape May County, with mainland villages such as Marmora, Tuckahoe, Petersburg and Beesleys Point. It also includes Strathmere on the barrier island, a quiet beach community next to Sea Isle City.',
    cartUse: 'In Strathmere a cart is the way to the beach and the bay; on the mainland, owners of farms and wooded lots use utility carts for chores.',
    neighbors: ['Ocean City', 'Sea Isle City', 'Dennis', 'Woodbine'],
    mapEmbedUrl: null,
  },
  {
    name: 'West Cape May',
    type: 'Borough',
    county: 'Cape May',
    intro:
      'West Cape May is a small, historic borough just inland from Cape May, known for its annual Lima Bean Festival and its farming past. Victorian homes and nearby farm fields give it a calm, village feel.',
    cartUse: "Residents ride carts the short way into Cape May for the beach and shops, and around the borough's quiet streets.",
    neighbors: ['Cape May', 'Cape May Point', 'Lower'],
    mapEmbedUrl: null,
  },
  {
    name: 'West Wildwood',
    type: 'Borough',
    county: 'Cape May',
    intro:
      'West Wildwood is a small residential borough on its own island in the back bays behind the Wildwoods. Surrounded by water, it is a favorite of boaters and people looking for a quiet base near the beaches.',
    cartUse: 'Residents ride carts to their boats and around the island, and across the bridge toward the Wildwoods.',
    neighbors: ['Wildwood', 'North Wildwood', 'Middle'],
    mapEmbedUrl: null,
  },
  {
    name: 'Wildwood',
    type: 'City',
    county: 'Cape May',
    intro:
      'Wildwood is famous for its boardwalk, amusement piers and 1950s doo-wop architecture. Its free beaches are among the widest on the East Coast, and the boardwalk tram car has been rolling for generations.',
    cartUse: 'Carts help with the long walk across the wide beach blocks, and owners of motels and rentals use them around their properties.',
    neighbors: ['North Wildwood', 'Wildwood Crest', 'West Wildwood'],
    mapEmbedUrl: 'https://www.google.com/maps?q=38.9918,-74.8149&z=14&output=embed',
  },
  {
    name: 'Wildwood Crest',
    type: 'Borough',
    county: 'Cape May',
    intro:
      'Wildwood Crest is the quieter, family-focused southern end of the Wildwoods, lined with doo-wop motels along the beach. Sunset Lake on the bay side and the wide, free ocean beach anchor summer days.',
    cartUse: 'Families ride carts from motels and rentals to the beach and over to Sunset Lake for the evening.',
    neighbors: ['Wildwood', 'Lower', 'West Wildwood'],
    mapEmbedUrl: null,
  },
  {
    name: 'Woodbine',
    type: 'Borough',
    county: 'Cape May',
    intro:
      'Woodbine was founded in 1891 as a Jewish farming colony backed by the Baron de Hirsch Fund, and keeps that history alive today. It is an inland borough surrounded by the woods of Belleplain State Forest.',
    cartUse: "Residents ride carts along the borough's wide, quiet streets and use utility carts on their larger wooded lots.",
    neighbors: ['Dennis', 'Upper'],
    mapEmbedUrl: null,
  },
];
