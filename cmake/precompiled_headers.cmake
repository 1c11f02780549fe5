# Precompiled headers: the standard library, the generated protobuf headers and the big third-party
# headers (GoogleTest, spdlog, Asio) that nearly every file of a target includes. Parsing them was
# about a third of an engine or test file's compile under the sanitizers (clang -ftime-trace), and
# the test build compiles some 400 such files on 2 cores (docs/PERFORMANCE.md "The test run's own time").
# None of our hand-written headers goes in, nor a rule set's generated messages, so a file that
# forgets to include one of our headers still fails to compile, and a rule set still cannot use
# another's messages without including them (which tests/engine/layering_test refuses).
# Off with -DSANDTABLE_PCH=OFF (e.g. to check a file's includes).
# With clang only (the test build): GCC 12's precompiled headers are 160-250 MB a target, and
# through them GCC reports -Warray-bounds inside libstdc++'s char_traits.h in files that compile
# clean without them (bg_flee.cc, say), so the Release build of script/server does without.
if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  set(SANDTABLE_PCH_DEFAULT ON)
else()
  set(SANDTABLE_PCH_DEFAULT OFF)
endif()
option(SANDTABLE_PCH "Precompile the common headers of the big targets" ${SANDTABLE_PCH_DEFAULT})

set(SANDTABLE_PCH_STD <algorithm> <array> <cmath> <cstdint> <functional> <map> <memory> <optional> <set>
  <stdexcept> <string> <string_view> <utility> <vector>)

# kind: engine (the standard library and the generated messages), test (and GoogleTest),
# server (and spdlog and Asio), server_test (and GoogleTest and Asio).
function(sandtable_precompile target kind)
  if(NOT SANDTABLE_PCH)
    return()
  endif()
  set(shared_messages ${SANDTABLE_PROTO_HEADERS})
  list(FILTER shared_messages INCLUDE REGEX "/sandtable/v1/[^/]+\\.pb\\.h$")
  set(headers ${SANDTABLE_PCH_STD} ${shared_messages})
  if(kind STREQUAL "test" OR kind STREQUAL "server_test")
    list(APPEND headers <gtest/gtest.h>)
  endif()
  if(kind STREQUAL "test")
    list(APPEND headers <gmock/gmock.h>)
  endif()
  if(kind STREQUAL "server" OR kind STREQUAL "server_test")
    list(APPEND headers <boost/asio/io_context.hpp> <boost/asio/ip/tcp.hpp> <boost/asio/post.hpp>
      <boost/asio/steady_timer.hpp> <chrono> <deque> <mutex>)
  endif()
  if(kind STREQUAL "server")
    list(APPEND headers <spdlog/spdlog.h> <boost/asio/strand.hpp>)
  endif()
  target_precompile_headers(${target} PRIVATE ${headers})
endfunction()
