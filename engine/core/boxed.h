#pragma once
// An optional value kept on the heap: one pointer while empty, where std::optional<T> always
// holds sizeof(T). For the parts of a rule set's state most pieces lack (a vehicle's details on
// a unit, mostly infantry): each room holds its state, so their size is memory per room, and a
// state is copied for every order. Copies are deep, as an optional's are.
#include <memory>
#include <optional>
#include <utility>

namespace sandtable {

template <class T>
class Boxed {
 public:
  Boxed() = default;
  Boxed(std::nullopt_t) {}  // NOLINT(google-explicit-constructor): as std::optional
  Boxed(const T& v) : p_(std::make_unique<T>(v)) {}  // NOLINT(google-explicit-constructor)
  Boxed(T&& v) : p_(std::make_unique<T>(std::move(v))) {}  // NOLINT(google-explicit-constructor)
  Boxed(const Boxed& o) : p_(o.p_ ? std::make_unique<T>(*o.p_) : nullptr) {}
  Boxed(Boxed&&) noexcept = default;
  ~Boxed() = default;

  Boxed& operator=(const Boxed& o) {
    if (this != &o) assign(o.p_.get());
    return *this;
  }
  Boxed& operator=(Boxed&&) noexcept = default;
  Boxed& operator=(std::nullopt_t) {
    p_.reset();
    return *this;
  }
  Boxed& operator=(const T& v) {
    assign(&v);
    return *this;
  }
  Boxed& operator=(T&& v) {
    if (p_) *p_ = std::move(v);
    else p_ = std::make_unique<T>(std::move(v));
    return *this;
  }

  template <class... Args>
  T& emplace(Args&&... args) {
    p_ = std::make_unique<T>(std::forward<Args>(args)...);
    return *p_;
  }
  void reset() { p_.reset(); }

  bool has_value() const { return p_ != nullptr; }
  explicit operator bool() const { return has_value(); }
  T& operator*() { return *p_; }
  const T& operator*() const { return *p_; }
  T* operator->() { return p_.get(); }
  const T* operator->() const { return p_.get(); }

 private:
  void assign(const T* v) {
    if (!v) p_.reset();
    else if (p_) *p_ = *v;
    else p_ = std::make_unique<T>(*v);
  }

  std::unique_ptr<T> p_;
};

}  // namespace sandtable
